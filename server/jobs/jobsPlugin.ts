import { sql } from 'kysely';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { type JobClaim, JobScheduler } from './JobScheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recurring housekeeping (server/jobs/README.md): `register(job)` before ready, `run(name)` any time. */
    jobs: JobScheduler;
  }
}

/**
 * The job scheduler (scheduled runs claimed in `job_run`, so several instances run each job once per
 * period): jobs registered by other plugins start when the app is ready (so a test app or a
 * CLI that never becomes ready runs none) and stop before the database closes (onClose runs in reverse
 * order of registration, and this plugin comes after the database).
 */
export const jobsPlugin = globalPlugin('jobs', async (app) => {
  const db = app.database.kysely;
  // One statement: a first start inserts, a later one updates only when the last start is old enough, in
  // the database's clock (instances' clocks may differ). A row back means this instance has the period.
  const claim: JobClaim = async (name, minGapMs) => {
    const { rows } = await sql<{ name: string }>`
      insert into job_run (name, last_started_at) values (${name}, now())
      on conflict (name) do update set last_started_at = excluded.last_started_at
      where job_run.last_started_at <= now() - ${minGapMs}::double precision * interval '1 millisecond'
      returning name`.execute(db);
    return rows.length > 0;
  };
  const scheduler = new JobScheduler(
    {
      info: (details, message) => app.log.info(details, message),
      error: (details, message) => app.log.error(details, message),
    },
    claim,
  );
  app.decorate('jobs', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
});
