import type { DemoAccounts } from '../demo/DemoAccounts.ts';
import { readDemoAccounts } from '../demo/readDemoAccounts.ts';
import { seedDemoAccounts } from '../demo/seedDemoAccounts.ts';
import { globalPlugin } from './globalPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seeded demo accounts by mandant id; empty when DEMO_ACCOUNTS=false. main prints them. */
    demoAccounts: ReadonlyMap<string, DemoAccounts>;
  }
}

/**
 * Reads every mandant's `demo/accounts.json` and creates the accounts still missing (DEMO_ACCOUNTS, on by
 * default). Logs counts only: no e-mail address or name goes to the log.
 */
export const demoAccountsPlugin = globalPlugin('demoAccounts', async (app) => {
  if (!app.config.demoAccounts) {
    app.decorate('demoAccounts', new Map());
    return;
  }
  const demo = await readDemoAccounts(app.mandants.all());
  for (const [mandant, accounts] of demo) {
    const created = await seedDemoAccounts(
      {
        accounts: app.accountRepository,
        agencyUsers: app.agencyUserRepository,
        passwordHasher: app.passwordHasher,
      },
      mandant,
      accounts,
    );
    app.log.info({ mandant, created }, 'demo accounts ready');
  }
  app.decorate('demoAccounts', demo);
});
