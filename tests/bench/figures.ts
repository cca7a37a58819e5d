/**
 * npm run bench:figures (also the last part of npm run bench:reports) — issue 15: the back office's programme
 * figures (server/backoffice/figures, docs/adr/0021) and the last page of the back-office order list at
 * scale, on PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local server's database `test`), each
 * size in a schema of its own that is dropped afterwards. Seeds BENCH_FIGURES_RECOMMENDATIONS (1,000,000)
 * recommendations with ten clicks each (10,000,000), confirmed recipients, orders, rewards with their
 * lifecycle events and payout runs over the last 365 days, in SQL (`insert … select generate_series`), then
 * the same with 10,000 recommendations; prints the time of the first (full) rollup, of an incremental one,
 * of the figures queries over HTTP (inject) and of the order list's first and last page, and the ratio of
 * each between the two sizes (goal: within 3×). Prints figures; asserts nothing on time.
 */

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { refreshFigures } from '../../server/backoffice/figures/figuresRollup.ts';
import { buildApp } from '../../server/buildApp.ts';
import { PageBoundaryCache } from '../../server/reports/PageBoundaryCache.ts';
import type { ReportDefinition } from '../../server/reports/ReportDefinition.ts';
import { answerReport } from '../../server/reports/runReport.ts';
import { backofficeToken } from '../server/backofficeHelpers.ts';
import { createTestSchema, dropTestSchema, FIXTURES, RUNTIME_DIST } from '../server/helpers.ts';

const URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BIG = Number(process.env.BENCH_FIGURES_RECOMMENDATIONS ?? 1_000_000);
const SMALL = 10_000;
const CLICKS_PER_RECOMMENDATION = 10;
const RUNS = 5;
const MANDANT = 'alpha';

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** The Berlin day `days` before today, YYYY-MM-DD. */
function berlinDay(daysBack = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() - daysBack * 86_400_000),
  );
}

/** The order list the back office pages through (bo-orders' report definition). */
async function orderList(): Promise<{
  name: string;
  definition: ReportDefinition<never, object>;
  context: object;
}> {
  const module = await import('../../server/backoffice/orders/orderSearchReport.ts');
  return {
    name: 'back-office order list (server/backoffice/orders, PUT backoffice/auftraege/, newest first)',
    definition: module.orderSearchReport as unknown as ReportDefinition<never, object>,
    context: { mandantId: MANDANT, search: null, productName: () => null },
  };
}

interface Timings {
  seed: number;
  fullRollup: number;
  incrementalRollup: number;
  dirtyDayRollup: number;
  rawYear: number;
  queries: Record<string, number>;
  firstPage: number;
  lastPage: number;
  rollupRows: number;
}

async function seed(app: FastifyInstance, recommendations: number): Promise<void> {
  const db = app.database.kysely;
  const steps: string[] = [];
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps.push(`${name} ${seconds(now - mark)}`);
    mark = now;
  };
  const start = `${berlinDay(365)}T00:00:00+01:00`;
  await sql`
    insert into recommendation (mandant_id, empfehlungsnummer, link_hex, produkt_id, channel, aktionen, status,
      created_at, link_expires_at, empfehler_vorname, empfehler_nachname, empfehler_email)
    select ${MANDANT}, cast(100000000 + g as text), md5(cast(g as text)), cast(601 + g % 3 as text),
      (array['email', 'whatsapp', 'facebook', 'copy', 'qr', null])[1 + g % 6],
      case when g % 4 = 0 then cast('[{"AktionsId": "fruehjahr", "Zustimmung": true}]' as jsonb)
        else cast('[]' as jsonb) end,
      'Offen',
      cast(${start} as timestamptz) + (cast(g as float8) / ${recommendations}) * interval '365 days',
      now() + interval '60 days', 'Bench', 'Empfehler', 'bench' || g || '@bench.example'
    from generate_series(0, ${recommendations - 1}) as g`.execute(db);
  step('recommendations');
  // Up to ten clicks per recommendation over the week after it (none in the future), in the order they
  // happened, as the log grows.
  await sql`
    insert into click (mandant_id, recommendation_id, channel, clicked_at)
    select r.mandant_id, r.id,
      (array['email', 'whatsapp', 'facebook', 'copy', 'qr', null])[1 + (k + cast(r.empfehlungsnummer as bigint)) % 6],
      r.created_at + k * interval '17 hours'
    from recommendation r cross join generate_series(1, ${CLICKS_PER_RECOMMENDATION}) as k
    where r.mandant_id = ${MANDANT} and r.created_at + k * interval '17 hours' < now()
    order by 4`.execute(db);
  step('clicks');
  // Every fifth recommendation has a recipient, four in five of them confirmed a day later.
  await sql`
    insert into recipient (mandant_id, recommendation_id, empfaengernummer, channel, confirmed_at, delete_after)
    select r.mandant_id, r.id, r.empfehlungsnummer, case when cast(r.empfehlungsnummer as bigint) % 3 = 0 then 'whatsapp' end,
      case when cast(r.empfehlungsnummer as bigint) % 25 <> 5 and r.created_at + interval '1 day' < now()
        then r.created_at + interval '1 day' end,
      now() + interval '84 days'
    from recommendation r
    where r.mandant_id = ${MANDANT} and cast(r.empfehlungsnummer as bigint) % 5 = 0`.execute(db);
  step('recipients');
  // Every fourth confirmed recipient orders three days later; one order in seven is cancelled.
  await sql`
    insert into customer_order (mandant_id, recommendation_id, recipient_id, external_order_id, produkt_id,
      order_date, channel, attributed, source, created_at, cancelled_at)
    select p.mandant_id, p.recommendation_id, p.id, 'B-' || p.empfaengernummer, '601',
      cast((p.confirmed_at + interval '3 days') at time zone 'Europe/Berlin' as date),
      'link', true, 'api', p.confirmed_at + interval '3 days',
      case when cast(p.empfaengernummer as bigint) % 7 = 0 then now() end
    from recipient p
    where p.mandant_id = ${MANDANT} and p.confirmed_at is not null and cast(p.empfaengernummer as bigint) % 20 = 0
      and p.confirmed_at + interval '3 days' < now()`.execute(db);
  step('orders');
  // A reward per live order: released 14 days after the order, paid 16 days after that (if that was yet).
  await sql`
    with reward as (
      insert into praemierung (mandant_id, recommendation_id, order_id, wert_cent, status, created_at)
      select o.mandant_id, o.recommendation_id, o.id, 2500, 'Bereitgestellt', o.created_at
      from customer_order o where o.mandant_id = ${MANDANT} and o.cancelled_at is null
      returning id, recommendation_id, created_at
    )
    insert into lifecycle_event (mandant_id, recommendation_id, praemierung_id, from_status, to_status, reason,
      actor, occurred_at)
    select ${MANDANT}, recommendation_id, id, 'Offen', 'Bereitgestellt', 'bench', 'system',
      created_at + interval '14 days'
    from reward where created_at + interval '14 days' < now()
    union all
    select ${MANDANT}, recommendation_id, id, 'Bereitgestellt', 'Ausgezahlt', 'bench', 'system',
      created_at + interval '30 days'
    from reward where created_at + interval '30 days' < now()`.execute(db);
  step('rewards');
  await sql`
    insert into payout_run (mandant_id, status, execution_date, total_cent, transfer_count, created_by, executed_at)
    select ${MANDANT}, 'executed', cast(now() - m * interval '1 month' as date), 250000 + m, 100 + m, 'bench',
      now() - m * interval '1 month'
    from generate_series(1, 12) as m`.execute(db);
  step('payout runs');
  for (const table of [
    'recommendation',
    'click',
    'recipient',
    'customer_order',
    'praemierung',
    'lifecycle_event',
  ]) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
  step('analyze');
  console.log(`  seed of ${recommendations.toLocaleString('en')}: ${steps.join(', ')}`);
}

async function measure(recommendations: number): Promise<Timings> {
  const schema = await createTestSchema(URL);
  const app = buildApp({
    mandantsDir: path.join(FIXTURES, 'personalArea'),
    distDir: RUNTIME_DIST,
    database: { url: URL, schema },
    logger: false,
  });
  try {
    await app.ready();
    const db = app.database.kysely;
    const [, seedMs] = await timed(() => seed(app, recommendations));
    const token = await backofficeToken(app, MANDANT, ['viewer']);
    const get = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/${MANDANT}/backoffice/kennzahlen?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
      return response.json<{ Summe: { Klicks: number; Empfehlungen: number } }>();
    };
    const year = `von=${berlinDay(364)}&bis=${berlinDay(0)}&intervall=Monat`;
    // The job ran at start on an empty database: forget it, so that this reads the whole year raw.
    await db.deleteFrom('figures_rollup_state').execute();
    await db.deleteFrom('figures_dirty_day').execute();
    await db.deleteFrom('figures_daily').execute();
    const [rawAnswer, rawYear] = await timed(() => get(year));
    const [, fullRollup] = await timed(() => refreshFigures(db, MANDANT));
    const [, incrementalRollup] = await timed(() => refreshFigures(db, MANDANT));
    const rollupRows = Number(
      (
        await db
          .selectFrom('figures_daily')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rolledAnswer = await get(year);
    if (
      rolledAnswer.Summe.Klicks !== rawAnswer.Summe.Klicks ||
      rawAnswer.Summe.Klicks < 0.97 * recommendations * CLICKS_PER_RECOMMENDATION
    ) {
      throw new Error(`clicks: raw ${rawAnswer.Summe.Klicks}, rolled up ${rolledAnswer.Summe.Klicks}`);
    }
    // A backdated order marks its day dirty; the next refresh recomputes that day only.
    await sql`update customer_order set cancelled_at = now()
      where id = (select id from customer_order where mandant_id = ${MANDANT} and cancelled_at is null limit 1)`.execute(
      db,
    );
    const [, dirtyDayRollup] = await timed(() => refreshFigures(db, MANDANT));

    const queries: Record<string, string> = {
      'a year by month': year,
      '90 days by day': `von=${berlinDay(89)}&bis=${berlinDay(0)}&intervall=Tag`,
      '26 weeks by week, channel + product filter': `von=${berlinDay(181)}&bis=${berlinDay(0)}&intervall=Woche&kanal=whatsapp&produkt=602`,
      'today (raw tail only)': `von=${berlinDay(0)}&bis=${berlinDay(0)}&intervall=Tag`,
    };
    const results: Record<string, number> = {};
    for (const [name, query] of Object.entries(queries)) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) runs.push((await timed(() => get(query)))[1]);
      results[name] = median(runs);
    }

    const list = await orderList();
    const firstRuns: number[] = [];
    const lastRuns: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A cache and page size of its own per run: no run finds a boundary an earlier one left.
      const request = (Pagenumber: number) =>
        answerReport(
          db,
          list.definition,
          { mandantId: MANDANT, context: list.context as never, query: { Pagesize: 20 + run, Pagenumber } },
          new PageBoundaryCache(),
        );
      const [first, firstMs] = await timed(() => request(1));
      firstRuns.push(firstMs);
      const [last, lastMs] = await timed(() => request(first.PageCount));
      if (last.HasNext || last.Content.length === 0) throw new Error('the last page is not the last');
      lastRuns.push(lastMs);
    }
    console.log(`  ${recommendations.toLocaleString('en')} recommendations: order list = ${list.name}`);
    return {
      seed: seedMs,
      fullRollup,
      incrementalRollup,
      dirtyDayRollup,
      rawYear,
      queries: results,
      firstPage: median(firstRuns),
      lastPage: median(lastRuns),
      rollupRows,
    };
  } finally {
    await app.close();
    if (process.env.BENCH_FIGURES_KEEP) console.log(`  kept schema ${schema}`);
    else await dropTestSchema(URL, schema);
  }
}

console.log(`programme figures on PostgreSQL (${URL.replace(/\/\/[^@]*@/, '//')}), medians of ${RUNS}`);
const small = await measure(SMALL);
const big = BIG === SMALL ? small : await measure(BIG);
const row = (name: string, a: number, b: number, format = ms) =>
  console.log(
    `  ${name.padEnd(46)} ${format(a).padStart(9)} ${format(b).padStart(10)} ${(b / a).toFixed(2).padStart(7)}×`,
  );
console.log(
  `\n  ${''.padEnd(46)} ${`${SMALL / 1000}k`.padStart(9)} ${`${BIG / 1_000_000}M`.padStart(10)}   ratio   (clicks: ${CLICKS_PER_RECOMMENDATION}× recommendations)`,
);
row('seed', small.seed, big.seed, seconds);
row('figures, a year by month, all days raw (no rollup)', small.rawYear, big.rawYear);
row('first rollup (every day)', small.fullRollup, big.fullRollup, seconds);
row('incremental rollup (nothing new)', small.incrementalRollup, big.incrementalRollup);
row('rollup of one dirty day', small.dirtyDayRollup, big.dirtyDayRollup);
console.log(`  rollup rows: ${small.rollupRows} / ${big.rollupRows}`);
for (const name of Object.keys(big.queries)) {
  row(`figures: ${name}`, small.queries[name] ?? Number.NaN, big.queries[name] ?? Number.NaN);
}
row('order list: page 1', small.firstPage, big.firstPage);
row('order list: last page (jump from page 1)', small.lastPage, big.lastPage);
console.log('  goal: the figures queries and the last page within 3× of the 10k figures');
