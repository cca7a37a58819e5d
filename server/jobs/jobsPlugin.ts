import { globalPlugin } from '../plugins/globalPlugin.ts';
import { JobScheduler } from './JobScheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recurring housekeeping (server/jobs/README.md): `register(job)` before ready, `run(name)` any time. */
    jobs: JobScheduler;
  }
}

/**
 * The job scheduler: jobs registered by other plugins start when the app is ready (so a test app or a
 * CLI that never becomes ready runs none) and stop before the database closes (onClose runs in reverse
 * order of registration, and this plugin comes after the database).
 */
export const jobsPlugin = globalPlugin('jobs', async (app) => {
  const scheduler = new JobScheduler({
    info: (details, message) => app.log.info(details, message),
    error: (details, message) => app.log.error(details, message),
  });
  app.decorate('jobs', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
});
