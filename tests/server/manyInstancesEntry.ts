/**
 * One server instance of tests/server/manyInstances.test.ts, run as a child process
 * (`node --import tsx tests/server/manyInstancesEntry.ts`): the whole app from buildApp over the PostgreSQL
 * schema the test names, with a probe job that records each scheduled run. Prints `LISTENING <port>` on
 * stdout; the log (pino JSON) goes to stderr. SIGTERM closes it gracefully (clicks flushed, jobs stopped).
 */
import { sql } from 'kysely';
import { type BuildAppOptions, buildApp } from '../../server/buildApp.ts';

const env = process.env;
const required = (name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const options: BuildAppOptions = {
  mandantsDir: required('MANDANTS_DIR'),
  distDir: required('DIST_DIR'),
  database: { url: required('DATABASE_URL'), schema: required('SCHEMA') },
  dataEncryptionKey: required('DATA_ENCRYPTION_KEY'),
  ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
  demoAccounts: true,
  logger: { level: 'info', stream: { write: (line: string) => process.stderr.write(line) } },
};
// The rate-limit store of REDIS_URL (server/rateLimit), shared by the instances like the database.
if (env.REDIS_URL) {
  Object.assign(options, { redisUrl: env.REDIS_URL, redisKeyPrefix: required('REDIS_KEY_PREFIX') });
}
const app = buildApp(options);

// The probe: a recurring job like every other, whose runs the test counts (table made by the test).
const probeMs = Number(env.PROBE_INTERVAL_MS ?? 1000);
app.register(async (instance) => {
  instance.jobs.register({
    name: 'manyInstancesProbe',
    intervalMs: probeMs,
    run: async () => {
      await sql`insert into probe_run (instance, started_at) values (${required('INSTANCE')}, clock_timestamp())`.execute(
        instance.database.kysely,
      );
      return 1;
    },
  });
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
