import { pollingWorker } from '../../jobs/PollingWorker.ts';
import { globalPlugin } from '../../plugins/globalPlugin.ts';
import { SETTINGS_POLL_MS, SettingsOverrides } from './SettingsOverrides.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's live settings overrides (issue 15, server/backoffice/settings). */
    settingsOverrides: SettingsOverrides;
  }
}

/**
 * Applies the live settings overrides before the first request and keeps them current: every instance
 * polls the mandants' revisions every SETTINGS_POLL_MS (README: the bound). Registered after the mandants,
 * the campaigns (recommendations) and the demo data, which are seeded against the files.
 */
export const settingsPlugin = globalPlugin('backofficeSettings', async (app) => {
  const overrides = new SettingsOverrides({
    db: app.database.kysely,
    mandants: app.mandants,
    campaigns: app.recommendations.campaigns,
    log: app.log,
  });
  await overrides.refresh();
  app.decorate('settingsOverrides', overrides);
  const poll = pollingWorker({
    intervalMs: SETTINGS_POLL_MS,
    pass: () => overrides.refresh(),
    onError: (error) => app.log.warn({ err: error }, 'settings overrides: poll failed'),
  });
  app.addHook('onReady', async () => poll.start());
  app.addHook('onClose', async () => poll.stop());
});
