import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../server/db/createDatabase.ts';
import { migrate } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory with every migration applied (see the global setup below). */
    pgliteSnapshot: string;
  }
}

/**
 * Vitest global setup of the server and browser projects: one in-memory PGlite, migrated, dumped to a file
 * once per run. Every test app then starts from that snapshot instead of initialising an empty cluster
 * and migrating it (seconds each, for well over a hundred apps per run). The migration tests still start
 * from empty databases of their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  // Migrated through the app's own code into a data directory, then dumped from there.
  const database = await createDatabase({ dataDir: dir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const pglite = new PGlite(path.join(dir, 'pglite'));
  await pglite.waitReady;
  try {
    await writeFile(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}

let snapshot: Promise<Blob | undefined> | undefined;

/** The migrated snapshot for `DatabaseOptions.pgliteSnapshot`; undefined outside a Vitest run (benchmarks). */
export function migratedSnapshot(): Promise<Blob | undefined> {
  snapshot ??= (async () => {
    let file: string;
    try {
      file = inject('pgliteSnapshot');
    } catch {
      return undefined;
    }
    return file ? new Blob([new Uint8Array(await readFile(file))]) : undefined;
  })();
  return snapshot;
}
