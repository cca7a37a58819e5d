import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, DatabaseOptions, ScriptTransaction } from './Database.ts';
import type { DatabaseSchema } from './DatabaseSchema.ts';
import { DatabaseUnavailableError } from './DatabaseUnavailableError.ts';
import { logDatabaseEvent, withoutParameters } from './databaseErrors.ts';
import { describeTarget } from './describeTarget.ts';

/** How long a health check or the start-up probe waits for `select 1`. */
const PING_TIMEOUT_MS = 3_000;
const CONNECT_TIMEOUT_MS = 5_000;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface CreateDatabaseOptions extends DatabaseOptions {
  /** Errors of idle pooled connections (e.g. the server restarted) go here instead of crashing the process. */
  onIdleError?: (error: Error) => void;
}

/**
 * Opens the database and proves it answers. Neither `url` nor `dataDir` gives an in-memory PGlite
 * (tests, demos). Throws DatabaseUnavailableError naming the target (password hidden) when it cannot.
 */
export async function createDatabase(options: CreateDatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url, options)
    : await openPglite(options.dataDir, options.pgliteSnapshot);
  try {
    await database.ping();
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new DatabaseUnavailableError(database.target, error);
  }
  return database;
}

function openPostgres(url: string, options: CreateDatabaseOptions): Database {
  const { schema } = options;
  const target = describeTarget({ url, schema });
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new DatabaseUnavailableError(
      target,
      new Error(`schema name "${schema}" is not a plain identifier`),
    );
  }
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A startup parameter rather than a `set` per checkout: every pooled connection starts in the schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  // `log` strips the bound values from a failing query's error before anyone can log it (databaseErrors.ts).
  const kysely = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    log: logDatabaseEvent,
  });
  let closed = false;
  return {
    kysely,
    kind: 'postgres',
    target,
    ping: () => ping(kysely),
    async scriptTransaction<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async <Row>(text: string, params?: unknown[]) => {
            try {
              return (await client.query(text, params)).rows as Row[];
            } catch (error) {
              throw withoutParameters(error, text);
            }
          },
          // Without parameters pg uses the simple protocol, which runs several statements at once.
          exec: async (script: string) => {
            await client.query(script);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
      if (!pool.ended) await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const pgliteDir = dataDir ? path.resolve(dataDir, 'pglite') : undefined;
  const target = describeTarget({ pgliteDir });
  let pglite: PGlite;
  try {
    if (pgliteDir) await mkdir(pgliteDir, { recursive: true });
    pglite = pgliteDir ? new PGlite(pgliteDir) : new PGlite(snapshot ? { loadDataDir: snapshot } : undefined);
    await pglite.waitReady;
  } catch (error) {
    throw new DatabaseUnavailableError(target, error);
  }
  const kysely = new Kysely<DatabaseSchema>({
    dialect: new PGliteDialect({ pglite }),
    log: logDatabaseEvent,
  });
  let closed = false;
  return {
    kysely,
    kind: 'pglite',
    target,
    ping: () => ping(kysely),
    scriptTransaction<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) =>
        work({
          query: async <Row>(text: string, params?: unknown[]) => {
            try {
              return (await tx.query<Row>(text, params)).rows;
            } catch (error) {
              throw withoutParameters(error, text);
            }
          },
          exec: async (script: string) => {
            await tx.exec(script);
          },
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function ping(kysely: Kysely<DatabaseSchema>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(kysely), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
