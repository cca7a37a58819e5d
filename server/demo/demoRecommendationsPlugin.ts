import { globalPlugin } from '../plugins/globalPlugin.ts';
import { readDemoRecommendations, seedDemoRecommendations } from './seedDemoRecommendations.ts';

/**
 * After the demo accounts: the demo recommendations, recipients and rewards of every mandant's
 * `demo/recommendations.json` (DEMO_ACCOUNTS, on by default), so the personal area shows every status on a
 * fresh start. Logs counts only.
 */
export const demoRecommendationsPlugin = globalPlugin('demoRecommendations', async (app) => {
  if (!app.config.demoAccounts) return;
  const demo = await readDemoRecommendations(app.mandants.all());
  for (const mandant of app.mandants.all()) {
    const entries = demo.get(mandant.id);
    if (!entries) continue;
    const created = await seedDemoRecommendations(
      { db: app.database.kysely, accounts: app.accountRepository },
      mandant,
      entries,
    );
    app.log.info({ mandant: mandant.id, created }, 'demo recommendations ready');
  }
});
