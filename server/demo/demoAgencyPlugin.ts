import { globalPlugin } from '../plugins/globalPlugin.ts';
import { readDemoAgencies, seedDemoAgency } from './seedDemoAgency.ts';

/**
 * After the demo accounts and recommendations: the demo agencies of every mandant's `demo/agency.json`
 * (DEMO_ACCOUNTS, on by default), each with staff in every role and enough activity that every agency
 * report has several pages. Logs counts only.
 */
export const demoAgencyPlugin = globalPlugin('demoAgency', async (app) => {
  if (!app.config.demoAccounts) return;
  const demo = await readDemoAgencies(app.mandants.all());
  for (const mandant of app.mandants.all()) {
    let created = 0;
    for (const agency of demo.get(mandant.id) ?? []) {
      const deps = {
        db: app.database.kysely,
        passwordHasher: app.passwordHasher,
        fieldCipher: app.fieldCipher,
      };
      if (await seedDemoAgency(deps, mandant, agency)) created += 1;
    }
    if (demo.has(mandant.id)) app.log.info({ mandant: mandant.id, created }, 'demo agencies ready');
  }
});
