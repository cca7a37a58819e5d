import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../../server/buildApp.ts';
import type { DatabaseOptions } from '../../server/db/Database.ts';
import { migratedSnapshot } from '../support/pgliteSnapshot.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
/**
 * The second demo mandant of the cross-mandant refusals (another mandant's token, user, run, record …): named
 * rather than "the first folder that is not telko", so that a mandant added by onboarding — data only, with
 * just the demo account `new` scaffolds — changes no test (issue 18). It has demo recommenders, an agency
 * user and a back-office team.
 */
export const OTHER_DEMO_MANDANT = 'stadtwerk';
export const VALID_MANDANTS = path.join(FIXTURES, 'mandants', 'valid');
export const INVALID_MANDANTS = path.join(FIXTURES, 'mandants', 'invalid');
/** A stand-in for `vite build` output: index.html and one hashed asset. */
export const RUNTIME_DIST = path.join(FIXTURES, 'runtime-dist');

/**
 * The databases every database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets postgres://postgres@127.0.0.1:5432/test). Use with `describe.each(databases)('… on $name', …)`.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  url?: string;
}

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
export const databases: TestDatabase[] = [
  { name: 'pglite' },
  ...(postgresUrl ? [{ name: 'postgres' as const, url: postgresUrl }] : []),
];

/** A fresh PostgreSQL schema, so parallel test files never see each other's tables. */
export async function createTestSchema(url: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  return schema;
}

export async function dropTestSchema(url: string, schema: string): Promise<void> {
  await withClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Database options for one test app: in-memory PGlite (from the migrated snapshot), or a new schema on PostgreSQL plus a cleanup
 * that drops it. Pass `schema` to share an existing schema (e.g. two apps migrating at once).
 */
export async function testDatabaseOptions(
  database: TestDatabase,
  schema?: string,
): Promise<{ options: DatabaseOptions; cleanup: () => Promise<void> }> {
  if (!database.url) {
    return { options: { pgliteSnapshot: await migratedSnapshot() }, cleanup: async () => undefined };
  }
  const { url } = database;
  const own = schema ?? (await createTestSchema(url));
  return {
    options: { url, schema: own },
    cleanup: schema ? async () => undefined : () => dropTestSchema(url, own),
  };
}

export interface TestAppOptions extends Partial<BuildAppOptions> {
  /** Runs before `ready()`: add test-only routes here. */
  setup?: (app: FastifyInstance) => void;
  schema?: string;
}

/**
 * Builds the app on one test database over the valid fixture mandants and the fake dist, and waits until
 * it is ready. `app.close()` also drops its PostgreSQL schema. Build one per test file: a fresh PGlite
 * takes a few seconds.
 */
export async function buildTestApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const { setup, schema, ...overrides } = options;
  const { options: databaseOptions, cleanup } = await testDatabaseOptions(database, schema);
  const app = buildApp({
    mandantsDir: VALID_MANDANTS,
    distDir: RUNTIME_DIST,
    logger: false,
    database: databaseOptions,
    ...overrides,
  });
  app.addHook('onClose', cleanup);
  setup?.(app);
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await cleanup();
    throw error;
  }
  return app;
}

/** A scratch copy of a fixture folder, for tests that change files. */
export async function copyFixture(source: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'server-test-'));
  const dir = path.join(root, path.basename(source));
  await cp(source, dir, { recursive: true });
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A field encryption key (32 bytes, base64) for tests that go through readEnv with DATABASE_URL. */
export const TEST_FIELD_KEY = Buffer.alloc(32, 7).toString('base64');

/** A signing key for test apps, so tests can forge tokens (expired, other claims) the app would sign. */
export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-bytes';

/** The demo accounts of the valid fixtures (fixtures/mandants/valid/{alpha,beta}/demo/accounts.json). */
export const ALPHA = {
  anna: { email: 'anna.alpha@alpha.example', password: 'Passwort123' },
  ben: { email: 'ben@alpha.example', password: 'Passwort123' },
  blocked: { email: 'gesperrt@alpha.example', password: 'Passwort123' },
  suspended: { email: 'pausiert@alpha.example', password: 'Passwort123' },
  excluded: { email: 'ausgeschlossen@alpha.example', password: 'Passwort123' },
  agency: { email: 'agentur@alpha.example' },
} as const;
export const BETA = {
  anna: { email: 'anna.alpha@alpha.example', password: 'BetaPasswort1' },
  agency: { email: 'agentur@beta.example' },
} as const;

/** POST /account/login as the runtime sends it. */
export function login(
  app: FastifyInstance,
  mandant: string,
  credentials: { email: string; password: string },
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/account/login`,
    payload: { Email: credentials.email, Password: credentials.password },
    remoteAddress,
  });
}

/** The session token of a successful login; fails the test otherwise. */
export async function loginToken(
  app: FastifyInstance,
  mandant: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await login(app, mandant, credentials);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ Token: string }>().Token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Storage that outlives one app, for restart tests: a PGlite data directory, or a PostgreSQL schema that
 * no app drops on close. Pass `options` to buildTestApp; call `cleanup` at the end.
 */
export async function sharedStorage(
  database: TestDatabase,
): Promise<{ options: TestAppOptions; cleanup: () => Promise<void> }> {
  if (database.url) {
    const prepared = await testDatabaseOptions(database);
    return { options: { schema: prepared.options.schema }, cleanup: prepared.cleanup };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'server-storage-'));
  return {
    options: { database: { dataDir: dir } },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
