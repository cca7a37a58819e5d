import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../server/buildApp.ts';
import { migratedSnapshot } from './pgliteSnapshot.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The built runtime; TEST_DIST_DIR points at another build (parallel work builds into its own folder). */
export const DIST_DIR = process.env.TEST_DIST_DIR
  ? path.resolve(process.env.TEST_DIST_DIR)
  : path.join(REPO_ROOT, 'dist');
export const MANDANTS_DIR = path.join(REPO_ROOT, 'mandants');

export interface RunningServer {
  app: FastifyInstance;
  port: number;
  /** http://localhost:PORT for the default mandant, http://NAME.localhost:PORT for NAME */
  url: (mandant?: string) => string;
  close: () => Promise<void>;
}

export interface StartServerOptions {
  mandantsDir?: string;
  databaseUrl?: string;
  /** The programme's clock (claim periods); default the system clock. */
  clock?: BuildAppOptions['clock'];
  /** Where mandant files' secret variables are read (integration keys, webhooks); default process.env. */
  env?: BuildAppOptions['env'];
  /** Where product links lead (a shop stand-in the test starts); default the mandant's site. */
  demoShopUrl?: BuildAppOptions['demoShopUrl'];
}

/** The real server over the built runtime and the real mandant folders, on a free loopback port. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('The runtime is not built: run `npm run build` first (npm test does).');
  }
  const app = await buildApp({
    mandantsDir: options.mandantsDir ?? MANDANTS_DIR,
    distDir: DIST_DIR,
    database: options.databaseUrl
      ? { url: options.databaseUrl }
      : { pgliteSnapshot: await migratedSnapshot() },
    logger: false,
    // The browser tests read mails in the dev mail view (npm start turns it on the same way).
    devMails: true,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.demoShopUrl ? { demoShopUrl: options.demoShopUrl } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no port');
  const port = address.port;
  return {
    app,
    port,
    url: (mandant) => (mandant ? `http://${mandant}.localhost:${port}` : `http://localhost:${port}`),
    close: () => app.close(),
  };
}
