import { globalPlugin } from '../plugins/globalPlugin.ts';
import { type DemoAgency, readDemoAgencies, seedDemoAgency } from './seedDemoAgency.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo agencies by mandant id; empty when DEMO_ACCOUNTS=false. main prints their staff logins. */
    demoAgencies: ReadonlyMap<string, DemoAgency[]>;
  }
}

/**
 * After the demo accounts and recommendations: the demo agencies of every mandant's `demo/agency.json`
 * (DEMO_ACCOUNTS, on by default), each with staff in every role and enough activity that every agency
 * report has several pages. Logs counts only.
 */
export const demoAgencyPlugin = globalPlugin('demoAgency', async (app) => {
  if (!app.config.demoAccounts) {
    app.decorate('demoAgencies', new Map());
    return;
  }
  const demo = await readDemoAgencies(app.mandants.all());
  app.decorate('demoAgencies', demo);
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
