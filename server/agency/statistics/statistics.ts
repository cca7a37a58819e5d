import { type Kysely, sql } from 'kysely';
import { isCalendarDate } from '../../../domain/invoice.ts';
import {
  type AgenturStatistik,
  STATISTIK_MAX_TAGE_PRO_TAG,
  type StatistikIntervall,
  type StatistikPunkt,
} from '../../../schemas/agencyAdmin.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { AgencyScope } from '../rewardPlan/rewardPlan.ts';

/** The longest range the statistics answer: three years (von + 3 years must be after bis). */
export const STATISTIK_MAX_JAHRE = 3;

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Checks von/bis (400 PSOF0649 with pointers) and picks the interval: days up to 62 days, else months. */
export function statisticsRange(
  von: string,
  bis: string,
): { von: string; bis: string; intervall: StatistikIntervall } {
  const problems = [
    ...(isCalendarDate(von) ? [] : [{ pointer: '/querystring/von', reason: 'YYYY-MM-DD' }]),
    ...(isCalendarDate(bis) ? [] : [{ pointer: '/querystring/bis', reason: 'YYYY-MM-DD' }]),
  ];
  if (problems.length > 0) throw new ApiProblem('PSOF0649', problems);
  if (bis < von) throw new ApiProblem('PSOF0649', [{ pointer: '/querystring/bis', reason: 'before von' }]);
  const [year, month, day] = von.split('-').map(Number) as [number, number, number];
  const limit = isoDay(Date.UTC(year + STATISTIK_MAX_JAHRE, month - 1, day));
  if (bis >= limit) {
    throw new ApiProblem('PSOF0649', [{ pointer: '/querystring/bis', reason: 'more than three years' }]);
  }
  const days = (utc(bis) - utc(von)) / DAY_MS + 1;
  return { von, bis, intervall: days <= STATISTIK_MAX_TAGE_PRO_TAG ? 'Tag' : 'Monat' };
}

/** Every bucket of the range, in order: each day, or each month that the range touches. */
export function buckets(von: string, bis: string, intervall: StatistikIntervall): string[] {
  const result: string[] = [];
  if (intervall === 'Tag') {
    for (let ms = utc(von); ms <= utc(bis); ms += DAY_MS) result.push(isoDay(ms));
    return result;
  }
  let [year, month] = von.split('-').map(Number) as [number, number];
  const last = bis.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    result.push(key);
    if (key >= last) return result;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

type Counts = Map<string, number>;

/**
 * Invitations (sent), recommendations (made) and orders (by order date) of the caller's agency per Berlin
 * day or month, every bucket present (0 where nothing happened): series ready for a chart.
 */
export async function agencyStatistics(
  db: Kysely<DatabaseSchema>,
  scope: AgencyScope,
  range: { von: string; bis: string; intervall: StatistikIntervall },
): Promise<AgenturStatistik> {
  const format = range.intervall === 'Tag' ? 'YYYY-MM-DD' : 'YYYY-MM';
  // The range's Berlin days as instants, so that the indexes on created_at serve.
  const from = sql<Date>`(${range.von}::date::timestamp at time zone 'Europe/Berlin')`;
  const until = sql<Date>`((${range.bis}::date + 1)::timestamp at time zone 'Europe/Berlin')`;
  const bucketOf = (column: string) =>
    sql<string>`to_char(${sql.ref(column)} at time zone 'Europe/Berlin', ${format})`;

  const [invitations, recommendations, orders] = await Promise.all([
    db
      .selectFrom('agency_invitation')
      .select([bucketOf('created_at').as('bucket'), sql<string>`count(*)`.as('count')])
      .where('mandant_id', '=', scope.mandantId)
      .where('agency_id', '=', scope.agencyId)
      .where('created_at', '>=', from)
      .where('created_at', '<', until)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('recommendation')
      .select([bucketOf('created_at').as('bucket'), sql<string>`count(*)`.as('count')])
      .where('mandant_id', '=', scope.mandantId)
      .where('agency_id', '=', scope.agencyId)
      .where('created_at', '>=', from)
      .where('created_at', '<', until)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('customer_order')
      .select([sql<string>`to_char(order_date, ${format})`.as('bucket'), sql<string>`count(*)`.as('count')])
      .where('mandant_id', '=', scope.mandantId)
      .where('agency_id', '=', scope.agencyId)
      .where(sql<boolean>`order_date between ${range.von}::date and ${range.bis}::date`)
      .groupBy(sql`1`)
      .execute(),
  ]);
  const counts = (rows: { bucket: string; count: string | number | bigint }[]): Counts =>
    new Map(rows.map((row) => [row.bucket, Number(row.count)]));
  const [einladungen, empfehlungen, auftraege] = [
    counts(invitations),
    counts(recommendations),
    counts(orders),
  ];
  const Punkte: StatistikPunkt[] = buckets(range.von, range.bis, range.intervall).map((Datum) => ({
    Datum,
    Einladungen: einladungen.get(Datum) ?? 0,
    Empfehlungen: empfehlungen.get(Datum) ?? 0,
    Auftraege: auftraege.get(Datum) ?? 0,
  }));
  return { Intervall: range.intervall, Punkte };
}
