import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './DatabaseSchema.ts';

/** Where the data lives: an embedded PGlite (in memory or in a data directory) or a PostgreSQL server. */
export interface DatabaseOptions {
  /** postgres://… — when set, PostgreSQL through a `pg` pool is used. */
  url?: string;
  /** Data directory; PGlite keeps its files in `{dataDir}/pglite`. Ignored when `url` is set. */
  dataDir?: string;
  /** PostgreSQL only: schema to work in (search_path); it must exist. Lets tests and tenants share a server. */
  schema?: string;
  /**
   * In-memory PGlite only: start from this dumped data directory (`PGlite.dumpDataDir()`) instead of an
   * empty cluster; a fresh cluster takes seconds to initialise, a snapshot a fraction of that. The test
   * suites start every app from a snapshot with the migrations applied.
   */
  pgliteSnapshot?: Blob;
}

/**
 * One statement runner inside one transaction on one connection. Migrations need it: their files hold
 * several statements, which the extended protocol that Kysely uses cannot run.
 */
export interface ScriptTransaction {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  exec(script: string): Promise<void>;
}

export interface Database {
  kysely: Kysely<DatabaseSchema>;
  kind: 'pglite' | 'postgres';
  /** Human-readable target with any password hidden, for logs and start errors. */
  target: string;
  /** Throws when the database does not answer `select 1` in time. */
  ping(): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  scriptTransaction<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /** Idempotent. */
  close(): Promise<void>;
}
