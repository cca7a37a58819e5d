/**
 * npm run bench:reports — issue 11: the report mechanism (server/reports) on BENCH_REPORT_ROWS (50,000)
 * recommendations of one recommender, on PGlite in a temporary data directory (BENCH_DATABASE_URL=postgres://…
 * measures PostgreSQL instead, in a schema of its own). Prints the time of page 1, of a deep page reached by
 * a jump (skip over sort keys from the start) and sequentially (keyset from the cached page end), a plain
 * OFFSET query of the same page for comparison, and full CSV and XLSX exports over HTTP with the process's
 * peak memory while they stream. Then the same with an index that matches the report's order. Prints
 * figures and checks row counts; asserts nothing on time.
 */

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type SqlBool, sql } from 'kysely';
import { buildApp } from '../../server/buildApp.ts';
import type { DatabaseOptions } from '../../server/db/Database.ts';
import { productNameIn, recommendationReport } from '../../server/recommender/recommendationReport.ts';
import { PageBoundaryCache } from '../../server/reports/PageBoundaryCache.ts';
import { answerReport, prepareExport } from '../../server/reports/runReport.ts';
import { createTestSchema, dropTestSchema, FIXTURES, RUNTIME_DIST } from '../server/helpers.ts';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 50_000);
const PAGE_SIZE = 20;
const RUNS = 5;
const MANDANT = 'alpha';
const CARLA = { email: 'carla@alpha.example', password: 'Passwort123' };
const STATUSES = ['Offen', 'Ok', 'Freigegeben', 'Gezahlt', 'Abgelaufen', 'Storniert'] as const;
/** Ten recommendations per moment: the order's ties are the id's to break. */
const TIES = 10;

const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-reports-'));
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
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
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
  const account = await db
    .selectFrom('account')
    .select('id')
    .where('mandant_id', '=', MANDANT)
    .where('email', '=', CARLA.email)
    .executeTakeFirstOrThrow();
  const [, seedMs] = await timed(async () => {
    const base = Date.parse('2025-01-01T08:00:00Z');
    for (let from = 0; from < ROWS; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, ROWS - from) }, (_, k) => {
        const i = from + k;
        return {
          mandant_id: MANDANT,
          empfehlungsnummer: String(900_000_000 + i),
          link_hex: randomBytes(16).toString('hex'),
          account_id: account.id,
          empfehler_email: CARLA.email,
          produkt_id: String(601 + (i % 3)),
          status: STATUSES[i % STATUSES.length],
          channel: i % 4 === 0 ? null : ['email', 'whatsapp', 'link'][i % 3],
          created_at: new Date(base + Math.floor(i / TIES) * 60_000),
          link_expires_at: new Date(Date.now() + 86_400_000),
        };
      });
      await db.insertInto('recommendation').values(batch).execute();
    }
  });
  await sql`analyze recommendation`.execute(db);
  const login = await app.inject({
    method: 'POST',
    url: `/api/v1/${MANDANT}/account/login`,
    payload: { Email: CARLA.email, Password: CARLA.password },
  });
  const token = login.json<{ Token: string }>().Token;
  const headers = { authorization: `Bearer ${token}` };
  const report = `/api/v1/${MANDANT}/empfehler/empfehlungen/report`;
  const page = async (Pagenumber: number) => {
    const response = await app.inject({
      method: 'PUT',
      url: report,
      headers,
      payload: { Pagesize: PAGE_SIZE, Pagenumber },
    });
    if (response.statusCode !== 200)
      throw new Error(`page ${Pagenumber}: ${response.statusCode} ${response.body}`);
    return response.json<{ Content: unknown[]; TotalCount: number; PageCount: number }>();
  };

  console.log(
    `reports: ${ROWS} recommendations of one recommender (${TIES} per moment), ${app.database.kind}; seeded in ${ms(seedMs)}`,
  );

  const measure = async (label: string) => {
    const [first] = await timed(() => page(1));
    if (first.TotalCount !== ROWS) throw new Error(`TotalCount ${first.TotalCount}, expected ${ROWS}`);
    const pages = first.PageCount;
    const deep = Math.floor(pages * 0.8);
    const firstMs: number[] = [];
    for (let run = 0; run < RUNS; run++) firstMs.push((await timed(() => page(1)))[1]);
    // Jumps backwards: the nearest known page end is always after the page, so none helps; each one skips
    // from the nearer end of the list (since issue 14: backwards from the last row for a page at 80 %).
    const jumpMs: number[] = [];
    for (let run = 0; run < RUNS; run++) jumpMs.push((await timed(() => page(deep - run * 10)))[1]);
    // Onwards from the page just served: the keyset seek from its cached end.
    const nextMs: number[] = [];
    for (let run = 1; run <= RUNS; run++) nextMs.push((await timed(() => page(deep + run)))[1]);
    const offsetMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      offsetMs.push(
        (
          await timed(() =>
            db
              .selectFrom('recommendation')
              .selectAll()
              .where('mandant_id', '=', MANDANT)
              .where('account_id', '=', account.id)
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .offset((deep - 1) * PAGE_SIZE)
              .limit(PAGE_SIZE)
              .execute(),
          )
        )[1],
      );
    }
    console.log(`\n${label}`);
    console.log(`  page 1 of ${pages}:                      median ${ms(median(firstMs))}`);
    console.log(`  page ~${deep}, reached by a jump:         median ${ms(median(jumpMs))}`);
    console.log(`  page ${deep + 1}…, the next page (keyset):  median ${ms(median(nextMs))}`);
    console.log(`  for comparison, plain OFFSET of that page: median ${ms(median(offsetMs))} (query only)`);
  };

  const exportOver = async (base: string, format: 'csv' | 'xlsx') => {
    global.gc?.();
    const before = process.memoryUsage();
    let peak = { rss: before.rss, heap: before.heapUsed + before.external };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed + now.external) };
    }, 10);
    const [result, took] = await timed(
      () =>
        new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
          http
            .get(
              `${base}${report}/export.${format}?OrderBy=Datum&Descending=true`,
              { headers },
              (response) => {
                if (response.statusCode !== 200)
                  reject(new Error(`export ${format}: ${response.statusCode}`));
                let bytes = 0;
                let lines = 0;
                response.on('data', (chunk: Buffer) => {
                  bytes += chunk.length;
                  if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
                });
                response.on('end', () => resolve({ bytes, lines }));
                response.on('error', reject);
              },
            )
            .on('error', reject);
        }),
    );
    clearInterval(sampler);
    if (format === 'csv' && result.lines !== ROWS + 1)
      throw new Error(`CSV has ${result.lines} lines, expected ${ROWS + 1}`);
    console.log(
      `  full ${format.toUpperCase()} export: ${ms(took)}, ${mib(result.bytes)}; peak while streaming: heap+external +${mib(peak.heap - before.heapUsed - before.external)}, RSS +${mib(peak.rss - before.rss)} (RSS ${mib(peak.rss)})`,
    );
  };

  await measure('without an index for the order (only recommendation_account on mandant_id, account_id)');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  await exportOver(base, 'csv');
  await exportOver(base, 'xlsx');

  await sql`create index bench_recommendation_order on recommendation (mandant_id, account_id, created_at, id)`.execute(
    db,
  );
  await sql`analyze recommendation`.execute(db);
  await measure('with an index on (mandant_id, account_id, created_at, id), created by this benchmark only');
  await exportOver(base, 'csv');

  // The recommender's scope is an OR (own account, or the same e-mail before the account existed), which
  // keeps PostgreSQL from reading the index in order. An equality scope, as an agency's reports will have
  // (agency id = X), can: the same report with `account_id = X` only, called directly (no HTTP).
  const simple = {
    ...recommendationReport,
    name: 'bench.equalityScope',
    scope: () => sql<SqlBool>`r.account_id = ${account.id}`,
  };
  const context = {
    owner: { mandantId: MANDANT, accountId: account.id, email: CARLA.email },
    productName: productNameIn(app.productCatalogues.get(MANDANT)),
  };
  const boundaries = new PageBoundaryCache();
  const direct = (Pagenumber: number) =>
    answerReport(
      db,
      simple,
      { mandantId: MANDANT, context, query: { Pagesize: PAGE_SIZE, Pagenumber } },
      boundaries,
    );
  const pages = Math.ceil(ROWS / PAGE_SIZE);
  const deep = Math.floor(pages * 0.8);
  const times = { first: [] as number[], jump: [] as number[], next: [] as number[] };
  for (let run = 0; run < RUNS; run++) times.first.push((await timed(() => direct(1)))[1]);
  for (let run = 0; run < RUNS; run++) times.jump.push((await timed(() => direct(deep - run * 10)))[1]);
  for (let run = 1; run <= RUNS; run++) times.next.push((await timed(() => direct(deep + run)))[1]);
  const [walked, walkMs] = await timed(async () => {
    let count = 0;
    for await (const chunk of prepareExport(db, simple, { mandantId: MANDANT, context, query: {} }))
      count += chunk.length;
    return count;
  });
  if (walked !== ROWS) throw new Error(`walked ${walked} rows, expected ${ROWS}`);
  console.log('\nthe same report with an equality scope (account_id = X) and that index, no HTTP');
  console.log(`  page 1:                               median ${ms(median(times.first))}`);
  console.log(`  page ~${deep}, reached by a jump:         median ${ms(median(times.jump))}`);
  console.log(`  page ${deep + 1}…, the next page (keyset):  median ${ms(median(times.next))}`);
  console.log(`  every row in keyset chunks of 1000:    ${ms(walkMs)} (no file written)`);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  if (postgresUrl && database.schema) await dropTestSchema(postgresUrl, database.schema);
}
