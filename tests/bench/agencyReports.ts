/**
 * npm run bench:reports, the agency part (issue 14): the agency's order report (PUT agentur/auftraege/{x}/)
 * over BENCH_AGENCY_ORDERS (100,000) orders of one agency, beside a fifth as many of another agency and
 * without one, on PGlite in a temporary data directory (BENCH_DATABASE_URL=postgres://… measures PostgreSQL
 * in a schema of its own). Seeded in SQL (`insert … select generate_series`). Prints the time of page 1 and
 * of the last page, reached by a jump from page 1 (the jump the table's "last page" button makes), and their
 * ratio (goal: within 2×); then a deep page in the middle and the next page after it for comparison. Each
 * run uses its own page size, so no run finds the boundary a run before it left in the page-boundary cache.
 * Prints figures and checks row counts; asserts nothing on time.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { AGENCY_REPORT_PATHS } from '../../schemas/agency.ts';
import { buildApp } from '../../server/buildApp.ts';
import type { DatabaseOptions } from '../../server/db/Database.ts';
import { createTestSchema, dropTestSchema, FIXTURES, RUNTIME_DIST } from '../server/helpers.ts';

const ROWS = Number(process.env.BENCH_AGENCY_ORDERS ?? 100_000);
const OTHERS = Math.floor(ROWS / 5);
const RUNS = 5;
const PAGE_SIZE = 20;
const MANDANT = 'alpha';
const NUMBER = 'BENCH-1';
/** Ten orders per moment: the order's ties are the id's to break. */
const TIES = 10;

const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-agency-reports-'));
const database: DatabaseOptions = postgresUrl
  ? { url: postgresUrl, schema: await createTestSchema(postgresUrl) }
  : { dataDir };
const app = buildApp({
  mandantsDir: path.join(FIXTURES, 'personalArea'),
  distDir: RUNTIME_DIST,
  database,
  logger: false,
});

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

try {
  await app.ready();
  const db = app.database.kysely;
  const [, seedMs] = await timed(async () => {
    const [own, other] = await db
      .insertInto('agency')
      .values([
        { mandant_id: MANDANT, agenturnummer: NUMBER, firma: 'Bench-Agentur' },
        { mandant_id: MANDANT, agenturnummer: 'BENCH-2', firma: 'Andere Agentur' },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('agency_user')
      .values({
        mandant_id: MANDANT,
        agency_id: own?.id ?? '',
        email: 'inhaber@bench.example',
        name: 'Bench Inhaber',
        roles: ['owner'],
      })
      .execute();
    await db
      .insertInto('agency_reward_plan')
      .values({
        mandant_id: MANDANT,
        agency_id: own?.id ?? '',
        produkt_id: '601',
        provision_cent: 2500,
        gueltig_ab: '2020-01-01',
      })
      .execute();
    // One recommendation and one order per row; the agency columns are given, so the triggers copy nothing.
    // Rows 0…ROWS-1 are the agency's, then OTHERS of another agency, then OTHERS without one.
    const total = ROWS + 2 * OTHERS;
    const agencyOf = sql`case when g < ${ROWS} then cast(${own?.id} as uuid) when g < ${ROWS + OTHERS} then cast(${other?.id} as uuid) end`;
    await sql`
      insert into recommendation (mandant_id, empfehlungsnummer, link_hex, produkt_id, status, channel,
        created_at, link_expires_at, empfehler_vorname, empfehler_nachname, agency_id)
      select ${MANDANT}, cast(800000000 + g as text), md5(cast(g as text)), cast(601 + g % 3 as text),
        (array['Offen','Ok','Freigegeben','Gezahlt','Abgelaufen','Storniert'])[1 + g % 6], 'email',
        timestamptz '2025-01-01 08:00:00+00' + (g / ${TIES}) * interval '1 minute',
        now() + interval '60 days', 'Bench', 'Empfehler' || g, ${agencyOf}
      from generate_series(0, ${total - 1}) as g`.execute(db);
    await sql`
      insert into customer_order (mandant_id, recommendation_id, external_order_id, produkt_id, order_date,
        channel, attributed, source, created_at, agency_id, agency_release)
      select r.mandant_id, r.id, 'B-' || r.empfehlungsnummer, r.produkt_id, cast(r.created_at as date),
        'link', true, 'api', r.created_at + interval '1 day', r.agency_id,
        case when r.agency_id is not null then 'pending' end
      from recommendation r where r.mandant_id = ${MANDANT} and r.empfehlungsnummer like '8%'`.execute(db);
  });
  await sql`analyze recommendation`.execute(db);
  await sql`analyze customer_order`.execute(db);

  const token = await app.issueAgencyToken(MANDANT, 'inhaber@bench.example');
  const headers = { authorization: `Bearer ${token}` };
  const url = `/api/v1/${MANDANT}${AGENCY_REPORT_PATHS.orders(NUMBER)}`;
  const page = async (Pagesize: number, Pagenumber: number) => {
    const response = await app.inject({ method: 'PUT', url, headers, payload: { Pagesize, Pagenumber } });
    if (response.statusCode !== 200)
      throw new Error(`page ${Pagenumber}: ${response.statusCode} ${response.body}`);
    return response.json<{ Content: unknown[]; TotalCount: number; PageCount: number; HasNext: boolean }>();
  };

  console.log(
    `agency order report: ${ROWS} orders of one agency (${TIES} per moment) beside ${2 * OTHERS} others, ${app.database.kind}; seeded in ${ms(seedMs)}`,
  );
  const first = await page(PAGE_SIZE, 1);
  if (first.TotalCount !== ROWS) throw new Error(`TotalCount ${first.TotalCount}, expected ${ROWS}`);

  const firstMs: number[] = [];
  const lastMs: number[] = [];
  const middleMs: number[] = [];
  const nextMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A page size of its own per run: the boundary cache holds nothing of an earlier run.
    const size = PAGE_SIZE + run;
    const [one, oneMs] = await timed(() => page(size, 1));
    firstMs.push(oneMs);
    const [last, took] = await timed(() => page(size, one.PageCount));
    lastMs.push(took);
    const expected = ROWS - (one.PageCount - 1) * size;
    if (last.Content.length !== expected || last.HasNext)
      throw new Error(`last page: ${last.Content.length} rows, expected ${expected}`);
    const middle = Math.floor(one.PageCount / 2);
    middleMs.push((await timed(() => page(size, middle)))[1]);
    nextMs.push((await timed(() => page(size, middle + 1)))[1]);
  }
  const ratio = median(lastMs) / median(firstMs);
  console.log(`  page 1:                                   median ${ms(median(firstMs))}`);
  console.log(`  the last page, jumped to from page 1:     median ${ms(median(lastMs))}`);
  console.log(`  ratio last page / page 1:                 ${ratio.toFixed(2)}× (goal ≤ 2×)`);
  console.log(`  for comparison, the middle page (a jump): median ${ms(median(middleMs))}`);
  console.log(`  the page after it (keyset, cached end):   median ${ms(median(nextMs))}`);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  if (postgresUrl && database.schema) await dropTestSchema(postgresUrl, database.schema);
}
