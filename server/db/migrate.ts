import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, ScriptTransaction } from './Database.ts';
import { MigrationError } from './MigrationError.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * Taken first in the migration transaction. Keyed by the current schema so that instances sharing a
 * schema wait for each other while separate schemas (one per test app) migrate in parallel.
 */
export const MIGRATION_LOCK_SQL = `select pg_advisory_xact_lock(hashtext('schema_migrations:' || current_schema()))`;

export interface MigrationFile {
  name: string;
  checksum: string;
  sql: string;
}

export interface MigrationResult {
  applied: string[];
  /** Recorded in the database but without a file here: written by a newer release. Logged, not fatal. */
  unknown: string[];
}

/**
 * Applies the pending `NNNN_name.sql` files in order, all in one transaction under an advisory lock, and
 * records name and checksum of each in `schema_migrations`. A failing file rolls back the whole run; an
 * applied file whose content changed is an error, because the database no longer matches the files.
 */
export async function migrate(database: Database, dir: string = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = await readMigrationFiles(dir);
  return database.scriptTransaction(async (tx) => {
    await tx.query(MIGRATION_LOCK_SQL);
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
    const rows = await tx.query<{ name: string; checksum: string }>(
      'select name, checksum from schema_migrations order by name',
    );
    const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
    const applied: string[] = [];
    for (const file of files) {
      const checksum = recorded.get(file.name);
      if (checksum === undefined) {
        await apply(tx, file);
        applied.push(file.name);
      } else if (checksum !== file.checksum) {
        throw new MigrationError(
          `migration ${file.name} was changed after it was applied (checksum ${checksum} in the database, ${file.checksum} on disk); add a new migration instead`,
          file.name,
        );
      }
    }
    const known = new Set(files.map((file) => file.name));
    return { applied, unknown: [...recorded.keys()].filter((name) => !known.has(name)) };
  });
}

async function apply(tx: ScriptTransaction, file: MigrationFile): Promise<void> {
  try {
    await tx.exec(file.sql);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${file.name} failed: ${reason}`, file.name);
  }
  await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
    file.name,
    file.checksum,
  ]);
}

export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const misnamed = names.filter((name) => !MIGRATION_FILE.test(name));
  if (misnamed.length > 0) {
    throw new MigrationError(`migration files must be named NNNN_name.sql: ${misnamed.join(', ')}`);
  }
  const numbers = new Set<string>();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const number = name.slice(0, 4);
    if (numbers.has(number)) throw new MigrationError(`two migration files share the number ${number}`, name);
    numbers.add(number);
    const sql = await readFile(path.join(dir, name), 'utf8');
    files.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}
