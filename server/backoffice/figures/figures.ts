import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isCalendarDate } from '../../../domain/invoice.ts';
import type {
  Auszahlungen,
  Kennzahlen,
  KennzahlenAntwort,
  KennzahlenKanal,
  KennzahlenProdukt,
  KennzahlenPunkt,
} from '../../../schemas/backofficeFigures.ts';
import { FIGURES_NONE, type FiguresInterval } from '../../../schemas/forms/backofficeFigures.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import {
  type DayRange,
  FACT_COUNTS,
  type FactRow,
  type FactsOptions,
  factsQuery,
  rangesOf,
} from './figuresFacts.ts';

/** At most three years (von + 3 years must be after bis), and per day at most this many days. */
export const FIGURES_MAX_YEARS = 3;
export const FIGURES_MAX_DAYS_PER_DAY = 366;

export interface FiguresQuery {
  von: string;
  bis: string;
  intervall: FiguresInterval;
  /** '' = without a channel / campaign (the wire's `ohne`); undefined = all. */
  kanal?: string;
  produkt?: string;
  aktion?: string;
}

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (day: string) => isoDay(utc(day) + DAY_MS);

/** The wire's filters → a checked query: 400 PSOF0780 (period), PSOF0781 (too many days), PSOF0782 (campaign). */
export function figuresQueryOf(
  input: {
    von: string;
    bis: string;
    intervall: FiguresInterval;
    kanal?: string;
    produkt?: string;
    aktion?: string;
  },
  campaigns: readonly string[],
): FiguresQuery {
  const problems = [
    ...(isCalendarDate(input.von) ? [] : [{ pointer: '/querystring/von', reason: 'not a day' }]),
    ...(isCalendarDate(input.bis) ? [] : [{ pointer: '/querystring/bis', reason: 'not a day' }]),
  ];
  if (problems.length > 0) throw new ApiProblem('PSOF0780', problems);
  if (input.bis < input.von)
    throw new ApiProblem('PSOF0780', [{ pointer: '/querystring/bis', reason: 'before von' }]);
  const [year, month, day] = input.von.split('-').map(Number) as [number, number, number];
  if (input.bis >= isoDay(Date.UTC(year + FIGURES_MAX_YEARS, month - 1, day))) {
    throw new ApiProblem('PSOF0780', [{ pointer: '/querystring/bis', reason: 'more than three years' }]);
  }
  const days = (utc(input.bis) - utc(input.von)) / DAY_MS + 1;
  if (input.intervall === 'Tag' && days > FIGURES_MAX_DAYS_PER_DAY) {
    throw new ApiProblem('PSOF0781', [{ pointer: '/querystring/intervall', reason: 'too many days' }]);
  }
  if (input.aktion !== undefined && input.aktion !== FIGURES_NONE && !campaigns.includes(input.aktion)) {
    throw new ApiProblem('PSOF0782', [{ pointer: '/querystring/aktion', reason: 'unknown campaign' }]);
  }
  const none = (value: string | undefined) => (value === FIGURES_NONE ? '' : value);
  return {
    von: input.von,
    bis: input.bis,
    intervall: input.intervall,
    ...(input.kanal === undefined ? {} : { kanal: none(input.kanal) }),
    ...(input.produkt === undefined ? {} : { produkt: input.produkt }),
    ...(input.aktion === undefined ? {} : { aktion: none(input.aktion) }),
  };
}

/** The Monday of a day's ISO week. */
function mondayOf(day: string): string {
  const ms = utc(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return isoDay(ms - weekday * DAY_MS);
}

/** A day's bucket: the day, the Monday of its week, or its month. */
export function bucketOf(day: string, intervall: FiguresInterval): string {
  if (intervall === 'Tag') return day;
  if (intervall === 'Woche') return mondayOf(day);
  return day.slice(0, 7);
}

/** Every bucket the period touches, in order. */
export function figuresBuckets(von: string, bis: string, intervall: FiguresInterval): string[] {
  const result: string[] = [];
  for (let day = von; day <= bis; day = nextDay(day)) {
    const bucket = bucketOf(day, intervall);
    if (result.at(-1) !== bucket) result.push(bucket);
  }
  return result;
}

type Totals = Record<(typeof FACT_COUNTS)[number], number>;
const emptyTotals = (): Totals => Object.fromEntries(FACT_COUNTS.map((name) => [name, 0])) as Totals;

function add(into: Totals, row: Partial<Record<(typeof FACT_COUNTS)[number], unknown>>): void {
  for (const name of FACT_COUNTS) into[name] += Number(row[name] ?? 0);
}

const quotient = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

function kennzahlen(totals: Totals): Kennzahlen {
  return {
    Klicks: totals.clicks,
    Empfehlungen: totals.recommendations,
    EmpfaengerBestaetigt: totals.recipients_confirmed,
    Auftraege: totals.orders,
    KonversionKlicks: quotient(totals.orders, totals.clicks),
    KonversionEmpfehlungen: quotient(totals.orders, totals.recommendations),
    PraemienFreigegeben: totals.rewards_released,
    PraemienFreigegebenCent: totals.rewards_released_cent,
    PraemienGezahlt: totals.rewards_paid,
    PraemienGezahltCent: totals.rewards_paid_cent,
  };
}

interface GroupedRow extends Partial<FactRow> {
  by: 'bucket' | 'channel' | 'product';
  bucket: string | null;
}

/**
 * The programme figures of a mandant for a period (docs/adr/0021): complete days from the daily rollup,
 * the days after its watermark and the days marked dirty since the last refresh from the raw rows — so
 * today's partial day and a backdated order are counted before the next refresh. Filters apply to every
 * count; payout runs (which have no channel, product or campaign) are per bucket and in the sum only.
 */
export async function programmeFigures(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  query: FiguresQuery,
  productName: (produktId: string) => string | null,
): Promise<KennzahlenAntwort> {
  const until = nextDay(query.bis);
  const state = await db
    .selectFrom('figures_rollup_state')
    .select([
      sql<string>`cast(rolled_until as text)`.as('rolled_until'),
      sql<string | null>`to_json(clicks_until) #>> '{}'`.as('clicks_until'),
    ])
    .where('mandant_id', '=', mandantId)
    .executeTakeFirst();
  const watermark = state?.rolled_until ?? null;
  const rollupUntil = watermark === null ? query.von : watermark < until ? watermark : until;
  const dirty =
    rollupUntil > query.von
      ? (
          await db
            .selectFrom('figures_dirty_day')
            .select(sql<string>`cast(day as text)`.as('day'))
            .distinct()
            .where('mandant_id', '=', mandantId)
            .where('day', '>=', query.von)
            .where('day', '<', rollupUntil)
            .execute()
        ).map((row) => row.day)
      : [];
  const rawRanges: { range: DayRange; options: FactsOptions }[] = rangesOf(dirty).map((range) => ({
    range,
    options: {},
  }));
  // From the watermark on: every fact raw, except the clicks the partial rows hold (before clicks_until).
  if (rollupUntil < until) {
    rawRanges.push({
      range: { from: rollupUntil > query.von ? rollupUntil : query.von, until },
      options: state?.clicks_until ? { clicksFrom: state.clicks_until } : {},
    });
  }

  const sources: RawBuilder<unknown>[] = [];
  if (watermark !== null) {
    sources.push(sql`select cast(day as text) as day, channel, produkt_id, campaign, recommendations, clicks,
        recipients_confirmed, orders, rewards_released, rewards_released_cent, rewards_paid, rewards_paid_cent
      from figures_daily
      where mandant_id = ${mandantId} and day >= cast(${query.von} as date) and day < cast(${until} as date)
        ${dirty.length > 0 ? sql`and day <> all(cast(${`{${dirty.join(',')}}`} as date[]))` : sql``}`);
  }
  for (const { range, options } of rawRanges) {
    sources.push(sql`select * from (${factsQuery(mandantId, range, options)}) as raw`);
  }

  const bucket =
    query.intervall === 'Tag'
      ? sql`day`
      : query.intervall === 'Woche'
        ? sql`to_char(date_trunc('week', cast(day as timestamp)), 'YYYY-MM-DD')`
        : sql`substr(day, 1, 7)`;
  const filters = [
    ...(query.kanal === undefined ? [] : [sql`channel = ${query.kanal}`]),
    ...(query.produkt === undefined ? [] : [sql`produkt_id = ${query.produkt}`]),
    ...(query.aktion === undefined ? [] : [sql`campaign = ${query.aktion}`]),
  ];
  const sums = sql.join(FACT_COUNTS.map((name) => sql`sum(${sql.ref(name)}) as ${sql.ref(name)}`));
  const grouped =
    sources.length === 0
      ? []
      : (
          await sql<GroupedRow>`
            select case when grouping(${bucket}) = 0 then 'bucket' when grouping(channel) = 0 then 'channel'
                else 'product' end as by,
              ${bucket} as bucket, channel, produkt_id, ${sums}
            from (${sql.join(sources, sql` union all `)}) as facts
            ${filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``}
            group by grouping sets ((${bucket}), (channel), (produkt_id))`.execute(db)
        ).rows;

  const payouts = await sql<{ bucket: string; runs: string; transfers: string; cents: string }>`
    select ${bucket} as bucket, count(*) as runs, coalesce(sum(transfer_count), 0) as transfers,
      coalesce(sum(total_cent), 0) as cents
    from (select cast(cast(executed_at at time zone 'Europe/Berlin' as date) as text) as day, transfer_count,
        total_cent
      from payout_run
      where mandant_id = ${mandantId} and status = 'executed'
        and executed_at >= (cast(${query.von} as date)::timestamp at time zone 'Europe/Berlin')
        and executed_at < (cast(${until} as date)::timestamp at time zone 'Europe/Berlin')) as runs
    group by 1`.execute(db);

  const perBucket = new Map<string, Totals>();
  const perChannel = new Map<string, Totals>();
  const perProduct = new Map<string, Totals>();
  const total = emptyTotals();
  for (const row of grouped) {
    const key = row.by === 'bucket' ? row.bucket : row.by === 'channel' ? row.channel : row.produkt_id;
    const map = row.by === 'bucket' ? perBucket : row.by === 'channel' ? perChannel : perProduct;
    const totals = map.get(key ?? '') ?? emptyTotals();
    add(totals, row);
    map.set(key ?? '', totals);
    if (row.by === 'bucket') add(total, row);
  }
  const payoutOf = new Map(
    payouts.rows.map((row) => [
      row.bucket,
      {
        Auszahlungslaeufe: Number(row.runs),
        Ueberweisungen: Number(row.transfers),
        AuszahlungenCent: Number(row.cents),
      },
    ]),
  );
  const noPayouts: Auszahlungen = { Auszahlungslaeufe: 0, Ueberweisungen: 0, AuszahlungenCent: 0 };
  const Punkte: KennzahlenPunkt[] = figuresBuckets(query.von, query.bis, query.intervall).map((Datum) => ({
    Datum,
    ...kennzahlen(perBucket.get(Datum) ?? emptyTotals()),
    ...(payoutOf.get(Datum) ?? noPayouts),
  }));
  const payoutSum = Punkte.reduce<Auszahlungen>(
    (sum, point) => ({
      Auszahlungslaeufe: sum.Auszahlungslaeufe + point.Auszahlungslaeufe,
      Ueberweisungen: sum.Ueberweisungen + point.Ueberweisungen,
      AuszahlungenCent: sum.AuszahlungenCent + point.AuszahlungenCent,
    }),
    noPayouts,
  );
  const Kanaele: KennzahlenKanal[] = [...perChannel.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([Kanal, totals]) => ({ Kanal, ...kennzahlen(totals) }));
  const Produkte: KennzahlenProdukt[] = [...perProduct.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ProduktId, totals]) => ({ ProduktId, Produkt: productName(ProduktId), ...kennzahlen(totals) }));
  return {
    Intervall: query.intervall,
    von: query.von,
    bis: query.bis,
    Summe: { ...kennzahlen(total), ...payoutSum },
    Punkte,
    Kanaele,
    Produkte,
    RollupBis: watermark,
  };
}
