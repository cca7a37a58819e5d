import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildTestApp, FIXTURES, loginToken, type TestAppOptions, type TestDatabase } from './helpers.ts';

/**
 * The personal-area fixture (fixtures/personalArea/): alpha (default mandant; newsletter, bank data, German
 * IBANs only; a small fixed-line catalogue for the banner) and beta (autologin, no newsletter, no bank
 * data; its Anna has alpha's Anna's e-mail). Both seed demo recommendations in every status.
 */
export const PERSONAL_MANDANTS = path.join(FIXTURES, 'personalArea');

export const ANNA = { email: 'anna@alpha.example', password: 'Passwort123' } as const;
export const BEN = { email: 'ben@alpha.example', password: 'Passwort123' } as const;
export const CARLA = { email: 'carla@alpha.example', password: 'Passwort123' } as const;
export const BETA_ANNA = { email: 'anna@alpha.example', password: 'BetaPasswort1' } as const;

export function buildPersonalApp(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  return buildTestApp(database, { mandantsDir: PERSONAL_MANDANTS, ...options });
}

export async function authHeaders(
  app: FastifyInstance,
  mandant: string,
  who: { email: string; password: string },
): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await loginToken(app, mandant, who)}` };
}

/** The ids of a recommender's rewards by the number of the recommendation they were earned with. */
export async function rewardIds(
  app: FastifyInstance,
  mandant: string,
  headers: { authorization: string },
): Promise<Map<string, string>> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/${mandant}/praemierung/`, headers });
  if (response.statusCode !== 200)
    throw new Error(`GET /praemierung: ${response.statusCode} ${response.body}`);
  return new Map(
    response
      .json<{ Id: string; Empfehlungsnummer: string }[]>()
      .map((reward) => [reward.Empfehlungsnummer, reward.Id]),
  );
}

/**
 * Every row of every table of the app's database, table by table: an erasure test searches it for a
 * person's e-mail, names and IBAN. Tables are listed from the catalogue, so a table added later is
 * searched too.
 */
export async function dumpAllTables(app: FastifyInstance): Promise<Map<string, Record<string, unknown>[]>> {
  const db = app.database.kysely;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const dump = new Map<string, Record<string, unknown>[]>();
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(db);
    dump.set(table_name, rows.rows);
  }
  return dump;
}

/** The rows of a dump as lower-case text per table, without the rows of other mandants. */
export function searchableDump(
  dump: Map<string, Record<string, unknown>[]>,
  mandant: string,
): Map<string, string> {
  return new Map(
    [...dump].map(([table, rows]) => [
      table,
      JSON.stringify(
        rows.filter((row) => row.mandant_id === undefined || row.mandant_id === mandant),
      ).toLowerCase(),
    ]),
  );
}
