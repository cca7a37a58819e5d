/**
 * npm run bench:paging (issue 17): the dashboard's recommendations (GET empfehler/empfehlungen/, keyset
 * paged) for a recommender with BENCH_PAGING_ROWS (100,000) recommendations against one with
 * BENCH_PAGING_SMALL (100), on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 * in a schema of its own that is dropped at the end; BENCH_DATABASE_URL=pglite measures embedded PGlite.
 * Seeded in SQL (`insert … select generate_series`, a seventh made with the e-mail before the account, ten
 * per moment), then `analyze`. Prints the median time over `inject` of the first page and of the last page
 * (its cursor made as the server makes it, from the row a page before the end) and each as a ratio to the
 * small case (goal ≤ 2×). Checks page lengths; asserts nothing on time.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/buildApp.ts';
import type { DatabaseOptions } from '../../server/db/Database.ts';
import { encodeCursor, listTag } from '../../server/reports/keysetCursor.ts';
import { createTestSchema, dropTestSchema, FIXTURES, RUNTIME_DIST } from '../server/helpers.ts';

const LARGE = Number(process.env.BENCH_PAGING_ROWS ?? 100_000);
const SMALL = Number(process.env.BENCH_PAGING_SMALL ?? 100);
const PAGE_SIZE = 20;
const RUNS = 9;
const MANDANT = 'alpha';
const LARGE_WHO = { email: 'anna@alpha.example', password: 'Passwort123' };
const SMALL_WHO = { email: 'ben@alpha.example', password: 'Passwort123' };

const setting = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresUrl = setting === 'pglite' ? undefined : setting;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-paging-'));
const schema = postgresUrl ? await createTestSchema(postgresUrl) : undefined;
const database: DatabaseOptions = postgresUrl ? { url: postgresUrl, schema } : { dataDir };
const app = buildApp({
  mandantsDir: path.join(FIXTURES, 'personalArea'),
  distDir: RUNTIME_DIST,
  database,
  logger: false,
});

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function token(who: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/${MANDANT}/account/login`,
    payload: { Email: who.email, Password: who.password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${response.statusCode} ${response.body}`);
  return response.json<{ Token: string }>().Token;
}

async function accountId(email: string): Promise<string> {
  const row = await app.database.kysely
    .selectFrom('account')
    .select('id')
    .where('mandant_id', '=', MANDANT)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seed(id: string, email: string, prefix: string, count: number): Promise<void> {
  await sql`
    insert into recommendation
      (mandant_id, empfehlungsnummer, link_hex, account_id, empfehler_email, produkt_id, status, link_expires_at, created_at)
    select ${MANDANT}, ${prefix} || lpad(g::text, 7, '0'), md5(${prefix} || g::text),
      case when g % 7 = 0 then null else ${id}::uuid end, ${email}, '601', 'Offen', now() + interval '60 days',
      timestamptz '2025-01-01 00:00:00+00' + (g / 10) * interval '1 second'
    from generate_series(1, ${count}) g`.execute(app.database.kysely);
}

/** The cursor the server hands out with the page before the last: the last page follows it. */
async function lastPageCursor(id: string, email: string): Promise<string> {
  const row = await sql<{ id: string; micros: string }>`
    select id, cast((extract(epoch from created_at) * 1000000)::numeric(20,0) as text) as micros
    from recommendation
    where mandant_id = ${MANDANT} and erased_at is null
      and (account_id = ${id}::uuid or (account_id is null and empfehler_email = ${email}))
    order by created_at asc, id asc
    offset ${PAGE_SIZE} limit 1`.execute(app.database.kysely);
  const at = row.rows[0];
  if (!at) throw new Error('too few rows');
  return encodeCursor(listTag('empfehlungen', MANDANT, id), at);
}

async function measure(bearer: string, query: string, expected: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/${MANDANT}/empfehler/empfehlungen/?Pagesize=${PAGE_SIZE}${query}`,
      headers: { authorization: `Bearer ${bearer}` },
    });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    const length = response.json<unknown[]>().length;
    if (length !== expected) throw new Error(`expected ${expected} rows, got ${length}`);
  }
  return median(times.slice(1));
}

try {
  await app.ready();
  const largeId = await accountId(LARGE_WHO.email);
  const smallId = await accountId(SMALL_WHO.email);
  const seedStart = performance.now();
  await seed(largeId, LARGE_WHO.email, '81', LARGE);
  await seed(smallId, SMALL_WHO.email, '82', SMALL);
  await sql`analyze recommendation`.execute(app.database.kysely);
  console.log(
    `paging bench on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}: ${LARGE} vs ${SMALL} recommendations, pages of ${PAGE_SIZE}, seeded in ${ms(performance.now() - seedStart)}; medians of ${RUNS - 1} requests`,
  );
  const large = await token(LARGE_WHO);
  const small = await token(SMALL_WHO);
  const figures = {
    smallFirst: await measure(small, '', PAGE_SIZE),
    smallLast: await measure(small, `&Cursor=${await lastPageCursor(smallId, SMALL_WHO.email)}`, PAGE_SIZE),
    largeFirst: await measure(large, '', PAGE_SIZE),
    largeLast: await measure(large, `&Cursor=${await lastPageCursor(largeId, LARGE_WHO.email)}`, PAGE_SIZE),
  };
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(`small first page ${ms(figures.smallFirst)}, last page ${ms(figures.smallLast)}`);
  console.log(`large first page ${ms(figures.largeFirst)}, last page ${ms(figures.largeLast)}`);
  console.log(
    `ratio to the small case: first page ${ratio(figures.largeFirst, figures.smallFirst)}, last page ${ratio(figures.largeLast, figures.smallLast)} (goal ≤ 2×)`,
  );
} finally {
  await app.close();
  if (postgresUrl && schema) await dropTestSchema(postgresUrl, schema);
  await rm(dataDir, { recursive: true, force: true });
}
