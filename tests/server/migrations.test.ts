import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/buildApp.ts';
import { createDatabase } from '../../server/db/createDatabase.ts';
import type { Database } from '../../server/db/Database.ts';
import { MigrationError } from '../../server/db/MigrationError.ts';
import { MIGRATION_LOCK_SQL, MIGRATIONS_DIR, migrate, readMigrationFiles } from '../../server/db/migrate.ts';
import { buildTestApp, databases, testDatabaseOptions, VALID_MANDANTS, withClient } from './helpers.ts';

/** The release's own files; the extra files below are numbered 9xxx so they never collide with them. */
const RELEASED = (await readMigrationFiles(MIGRATIONS_DIR)).map((file) => file.name);
const released = RELEASED.map((name) => ({ name }));

// The tests build on each other (one database per run, like a real deployment's history).
describe.each(databases)('migrations on $name', (testDatabase) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let schema: string | undefined;
  let scratch: string;

  beforeAll(async () => {
    const prepared = await testDatabaseOptions(testDatabase);
    cleanup = prepared.cleanup;
    schema = prepared.options.schema;
    // An empty database, not the migrated snapshot the other suites start from.
    database = await createDatabase({ ...prepared.options, pgliteSnapshot: undefined });
    scratch = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  });
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
    await rm(scratch, { recursive: true, force: true });
  });

  /** A migrations folder: the real files plus extra ones. */
  async function folder(name: string, extra: Record<string, string>): Promise<string> {
    const dir = path.join(scratch, name);
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    for (const [file, text] of Object.entries(extra)) await writeFile(path.join(dir, file), text);
    return dir;
  }

  const tableExists = async (table: string) => {
    const result = await sql<{ name: string | null }>`select to_regclass(${table})::text as name`.execute(
      database.kysely,
    );
    return result.rows[0]?.name !== null;
  };

  it('applies every file once and records name and checksum', async () => {
    expect(RELEASED.slice(0, 2)).toEqual(['0001_mandant.sql', '0002_accounts.sql']);
    expect(await migrate(database)).toEqual({ applied: RELEASED, unknown: [] });
    expect(await migrate(database)).toEqual({ applied: [], unknown: [] });
    const rows = await database.kysely
      .selectFrom('schema_migrations')
      .select(['name', 'checksum'])
      .orderBy('name')
      .execute();
    expect(rows).toEqual(
      RELEASED.map((name) => ({ name, checksum: expect.stringMatching(/^[0-9a-f]{64}$/) })),
    );
    expect(await tableExists('mandant')).toBe(true);
    expect(await tableExists('account')).toBe(true);
  });

  it('applies a new file exactly once when several runs start together', async () => {
    const dir = await folder('together', {
      '9002_together.sql': 'create table together (id int primary key);',
    });
    const results = await Promise.all([
      migrate(database, dir),
      migrate(database, dir),
      migrate(database, dir),
    ]);
    expect(results.flatMap((result) => result.applied)).toEqual(['9002_together.sql']);
  });

  it('rejects an applied file whose content changed', async () => {
    const dir = await folder('changed', {});
    await writeFile(path.join(dir, '0001_mandant.sql'), '-- edited after release\nselect 1;');
    const error = await migrate(database, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/migration 0001_mandant\.sql was changed after it was applied/);
  });

  it('rolls the whole run back when one file fails', async () => {
    const dir = await folder('failing', {
      '9003_fine.sql': 'create table fine (id int);',
      '9004_broken.sql': 'create tabel broken (id int);',
    });
    const error = await migrate(database, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/migration 9004_broken\.sql failed: .*syntax/);
    expect(await tableExists('fine')).toBe(false);
    const names = await database.kysely.selectFrom('schema_migrations').select('name').execute();
    expect(names.map((row) => row.name)).not.toContain('9003_fine.sql');
  });

  it('reports migrations it does not know (written by a newer release) without failing', async () => {
    const result = await migrate(database, MIGRATIONS_DIR);
    expect(result.unknown).toEqual(['9002_together.sql']);
  });

  it('refuses misnamed files', async () => {
    const dir = await folder('misnamed', { 'add_things.sql': 'select 1;' });
    await expect(migrate(database, dir)).rejects.toThrow(/must be named NNNN_name\.sql: add_things\.sql/);
  });

  // Two sessions on one database need a server: PGlite has one connection. Only the tests that make
  // sense for this database are defined, so none is skipped.
  if (testDatabase.url) {
    it('waits for the advisory lock another instance holds', async () => {
      const url = testDatabase.url as string;
      await withClient(url, async (client) => {
        await client.query(`set search_path to ${schema}`);
        await client.query('begin');
        await client.query(MIGRATION_LOCK_SQL);
        let finished = false;
        const running = migrate(database).then((result) => {
          finished = true;
          return result;
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(finished).toBe(false);
        await client.query('commit');
        expect(await running).toEqual({ applied: [], unknown: ['9002_together.sql'] });
      });
    });

    it('starts two apps on one fresh schema at the same time', async () => {
      const prepared = await testDatabaseOptions(testDatabase);
      try {
        const apps = [0, 1].map(() =>
          buildApp({
            mandantsDir: VALID_MANDANTS,
            database: { ...prepared.options, pgliteSnapshot: undefined },
          }),
        );
        await Promise.all(apps.map((app) => app.ready()));
        expect(await apps[0]?.mandantRepository.ids()).toEqual(['alpha', 'beta', 'gamma']);
        const rows = await apps[1]?.database.kysely
          .selectFrom('schema_migrations')
          .select('name')
          .orderBy('name')
          .execute();
        expect(rows).toEqual(released);
        await Promise.all(apps.map((app) => app.close()));
      } finally {
        await prepared.cleanup();
      }
    });
  } else {
    it('keeps data in a PGlite data directory across restarts', async () => {
      const dataDir = path.join(scratch, 'data');
      const first = await buildTestApp(testDatabase, { database: { dataDir } });
      await first.close();
      const second = await buildTestApp(testDatabase, { database: { dataDir } });
      try {
        const rows = await second.database.kysely
          .selectFrom('schema_migrations')
          .select('name')
          .orderBy('name')
          .execute();
        expect(rows).toEqual(released);
        expect(await second.mandantRepository.ids()).toEqual(['alpha', 'beta', 'gamma']);
        expect(second.database.target).toBe(`PGlite in ${path.join(dataDir, 'pglite')}`);
      } finally {
        await second.close();
      }
    });
  }
});
