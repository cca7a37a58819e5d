/**
 * Starts the server from the environment: `tsx server/main.ts` (npm run serve), or with `--demo`
 * (npm start: the embedded demo), which also turns on the dev mail view and prints live login links of the
 * demo accounts (DEV_MAILS, DEMO_LOGIN_LINKS). Start failures a person can fix (a broken mandant file, an unreachable database, a bad variable) are
 * printed as one clear message without a stack trace, and the process exits 1.
 */
import type { FastifyInstance } from 'fastify';
import { readLocalProviderPort, startLocalAgencyProvider } from './agency/sso/startLocalProvider.ts';
import { buildApp } from './buildApp.ts';
import { EnvError, readEnv } from './config/readEnv.ts';
import { DatabaseUnavailableError } from './db/DatabaseUnavailableError.ts';
import { MigrationError } from './db/MigrationError.ts';
import { demoLoginLines } from './demo/demoLoginLines.ts';
import { MandantConfigError } from './mandants/MandantConfigError.ts';
import { buildShopApp } from './shop/buildShopApp.ts';
import { platformShopSecret } from './shop/platformShopSecret.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let env: ReturnType<typeof readEnv>;
  let oidcPort: number;
  try {
    env = readEnv(process.env, { demo: process.argv.slice(2).includes('--demo') });
    oidcPort = readLocalProviderPort(process.env, env.port);
  } catch (error) {
    return fail(error);
  }
  // Product links lead to the demo shop once it listens (DEMO_SHOP_URL set by hand wins: a proxy in front).
  let shopUrl: string | undefined;
  const app = buildApp({ ...env.options, demoShopUrl: env.options.demoShopUrl ?? (() => shopUrl) });
  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    return fail(error);
  }

  // Signals are handled from the moment the server listens: a stop during the rest of the start (demo shop,
  // identity provider, banner) still closes what has started, instead of killing the process mid-way.
  let demoShop: Awaited<ReturnType<typeof startDemoShop>> | undefined;
  let identityProvider: Awaited<ReturnType<typeof startIdentityProvider>> | undefined;
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
    // The shop first: it calls the platform.
    (demoShop?.shop ? demoShop.shop.close() : Promise.resolve())
      .then(() => identityProvider?.provider?.close())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(
            `Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`,
          );
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const port = app.server.address();
  const shownPort = typeof port === 'object' && port ? port.port : env.port;
  const base = `http://localhost:${shownPort}`;

  demoShop = env.demoShop ? await startDemoShop(app, env.demoShop.port, env.host) : undefined;
  shopUrl = demoShop?.url;
  identityProvider = await startIdentityProvider(app, oidcPort);
  const lines = [
    '',
    `  Refer-a-friend platform on ${base}/  (default mandant: ${app.mandants.defaultMandant.id})`,
    ...app.mandants
      .all()
      .map((mandant) => `    ${mandant.id.padEnd(16)} http://${mandant.id}.localhost:${shownPort}/`),
    `  API docs   ${base}/api/docs`,
    `  Health     ${base}/api/health`,
    `  Database   ${app.database.target}`,
    ...(demoShop?.lines ?? []),
    ...identityProvider.lines,
    '',
    ...(await demoLoginLines(app, shownPort, {
      links: env.demoLoginLinks,
      ...(env.demoLoginsOf ? { only: env.demoLoginsOf } : {}),
    }).catch((error: unknown) => [
      // The server works without the demo links; say why they are missing instead of stopping.
      `  Demo logins unavailable: ${error instanceof Error ? error.message : String(error)}`,
      '',
    ])),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * The shop stand-in (server/shop/), started after the platform because it reports to it. It is a demo
 * aid: when its port is taken the platform still runs, and the start lines say why the shop is missing.
 */
async function startDemoShop(
  app: FastifyInstance,
  port: number,
  host: string,
): Promise<{ shop?: FastifyInstance; url?: string; lines: string[] }> {
  const shop = buildShopApp({ platform: app, secretFor: platformShopSecret(app) });
  try {
    await shop.listen({ port, host });
  } catch (error) {
    await shop.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    return { lines: [`  Demo shop unavailable: ${reason} (set SHOP_PORT, or DEMO_SHOP=false)`] };
  }
  const address = shop.server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  return {
    shop,
    url,
    lines: [`  Demo shop  ${url}/{mandant}/  (orders from the product links; DEMO_SHOP=false turns it off)`],
  };
}

/**
 * The local identity provider of the agencies' single sign-on (server/agency/sso/), for mandants whose
 * `agencySso.issuer` is `local`. A demo aid like the shop: when its port is taken the platform still runs
 * (agencies then sign in with e-mail and password), and the start lines say why SSO is missing.
 */
async function startIdentityProvider(
  app: FastifyInstance,
  port: number,
): Promise<{ provider?: { close(): Promise<void> }; lines: string[] }> {
  try {
    const provider = await startLocalAgencyProvider(app, { port });
    if (!provider) return { lines: [] };
    return {
      provider,
      lines: [
        `  Agency SSO ${provider.issuer}  (local identity provider for agency single sign-on: the agency staff's e-mail and password; OIDC_LOCAL_PORT)`,
      ],
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { lines: [`  Agency SSO unavailable: ${reason} (set OIDC_LOCAL_PORT)`] };
  }
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
