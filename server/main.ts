/**
 * Starts the server from the environment: `tsx server/main.ts` (npm run serve / npm start).
 * Start failures a person can fix (a broken mandant file, an unreachable database, a bad variable) are
 * printed as one clear message without a stack trace, and the process exits 1.
 */
import { buildApp } from './buildApp.ts';
import { EnvError, readEnv } from './config/readEnv.ts';
import { DatabaseUnavailableError } from './db/DatabaseUnavailableError.ts';
import { MigrationError } from './db/MigrationError.ts';
import { demoLoginLines } from './demo/demoLoginLines.ts';
import { MandantConfigError } from './mandants/MandantConfigError.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv(process.env);
  } catch (error) {
    return fail(error);
  }
  const app = buildApp(env.options);
  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    return fail(error);
  }

  const port = app.server.address();
  const shownPort = typeof port === 'object' && port ? port.port : env.port;
  const base = `http://localhost:${shownPort}`;
  const lines = [
    '',
    `  Refer-a-friend platform on ${base}/  (default mandant: ${app.mandants.defaultMandant.id})`,
    ...app.mandants
      .all()
      .map((mandant) => `    ${mandant.id.padEnd(16)} http://${mandant.id}.localhost:${shownPort}/`),
    `  API docs   ${base}/api/docs`,
    `  Health     ${base}/api/health`,
    `  Database   ${app.database.target}`,
    '',
    ...(await demoLoginLines(app, shownPort).catch((error: unknown) => [
      // The server works without the demo links; say why they are missing instead of stopping.
      `  Demo logins unavailable: ${error instanceof Error ? error.message : String(error)}`,
      '',
    ])),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second Ctrl+C means "now".
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function fail(error: unknown): void {
  const known =
    error instanceof MandantConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof MigrationError ||
    error instanceof EnvError ||
    (error as { code?: unknown } | undefined)?.code === 'EADDRINUSE';
  // Only a surprise deserves a stack trace; the known failures say what to fix.
  const message =
    error instanceof Error ? (known ? error.message : (error.stack ?? error.message)) : String(error);
  // Exit explicitly: an open handle must not keep a failed start alive. Flush stderr first.
  process.stderr.write(`\nCannot start the server.\n${message}\n`, () => process.exit(1));
}

await main();
