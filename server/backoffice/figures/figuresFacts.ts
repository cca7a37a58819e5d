import { type RawBuilder, sql } from 'kysely';

/** A range of Berlin days: `from` (null: from the beginning) up to `until`, which is not included. */
export interface DayRange {
  from: string | null;
  until: string;
}

const nextDay = (day: string) => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** Sorted days → ranges of consecutive days. */
export function rangesOf(days: string[]): DayRange[] {
  const ranges: DayRange[] = [];
  for (const day of [...new Set(days)].sort()) {
    const last = ranges.at(-1);
    if (last && last.until === day) last.until = nextDay(day);
    else ranges.push({ from: day, until: nextDay(day) });
  }
  return ranges;
}

/** The counts of one rollup cell, as the rollup table and the raw read both give them. */
export interface FactRow {
  day: string;
  channel: string;
  produkt_id: string;
  campaign: string;
  recommendations: number | string;
  clicks: number | string;
  recipients_confirmed: number | string;
  orders: number | string;
  rewards_released: number | string;
  rewards_released_cent: number | string;
  rewards_paid: number | string;
  rewards_paid_cent: number | string;
}

export const FACT_COUNTS = [
  'recommendations',
  'clicks',
  'recipients_confirmed',
  'orders',
  'rewards_released',
  'rewards_released_cent',
  'rewards_paid',
  'rewards_paid_cent',
] as const;

/** A recommendation's campaign: the first campaign it consented to (`aktionen`), '' for none. */
export const campaignOf = (alias: string) =>
  sql`coalesce((select a->>'AktionsId' from jsonb_array_elements(${sql.ref(`${alias}.aktionen`)}) as a
    where a->>'Zustimmung' = 'true' limit 1), '')`;

/** The first instant of a Berlin day. */
const dayStart = (day: string) => sql`(cast(${day} as date)::timestamp at time zone 'Europe/Berlin')`;

/**
 * The facts of a mandant's Berlin days, grouped by day × channel × product × campaign: the rollup's rows, read
 * from the raw tables (docs/adr/0021). What counts, and the dimensions of each fact:
 *
 * - recommendations by `created_at`; its channel, product (`produkt_id`) and campaign;
 * - clicks by `clicked_at`; the click's channel, the recommendation's product and campaign;
 * - recipients confirmed by `confirmed_at`; the recipient's channel, else the recommendation's;
 * - orders (not cancelled) by `order_date`; the channel of the order's recipient, else the recommendation's;
 *   the recommended product (so that conversion compares like with like);
 * - rewards released (`Bereitgestellt`) and paid (`Ausgezahlt`, `Abgeholt`) by the lifecycle event's
 *   `occurred_at`, with their value; dimensions as the reward's order, else its recommendation.
 */
/** Which facts a read takes: all; all but clicks; clicks only (from `clicksFrom`, an instant, if given). */
export interface FactsOptions {
  clicks?: 'with' | 'without' | 'only';
  /** ISO instant: clicks before it are not read (they are in the rollup's partial rows). */
  clicksFrom?: string;
  /** ISO instant: clicks from it on are not read. */
  clicksUntil?: string;
}

export function factsQuery(
  mandantId: string,
  range: DayRange,
  options: FactsOptions = {},
): RawBuilder<FactRow> {
  const mode = options.clicks ?? 'with';
  const since = (column: RawBuilder<unknown>) =>
    range.from === null ? sql`true` : sql`${column} >= ${dayStart(range.from)}`;
  const until = (column: RawBuilder<unknown>) => sql`${column} < ${dayStart(range.until)}`;
  const day = (column: RawBuilder<unknown>) => sql`cast((${column} at time zone 'Europe/Berlin') as date)`;
  const clicksSince = sql.join(
    [
      since(sql`c.clicked_at`),
      ...(options.clicksFrom === undefined
        ? []
        : [sql`c.clicked_at >= cast(${options.clicksFrom} as timestamptz)`]),
      ...(options.clicksUntil === undefined
        ? []
        : [sql`c.clicked_at < cast(${options.clicksUntil} as timestamptz)`]),
    ],
    sql` and `,
  );
  const branches: RawBuilder<unknown>[] = [];
  if (mode !== 'only') {
    branches.push(sql`
      select ${day(sql`r.created_at`)} as day, coalesce(r.channel, '') as channel, r.produkt_id,
        ${campaignOf('r')} as campaign, count(*) as recommendations, 0 as clicks,
        0 as recipients_confirmed, 0 as orders, 0 as rewards_released,
        0 as rewards_released_cent, 0 as rewards_paid, 0 as rewards_paid_cent
      from recommendation r
      where r.mandant_id = ${mandantId} and ${since(sql`r.created_at`)} and ${until(sql`r.created_at`)}
      group by 1, 2, 3, 4`);
  }
  if (mode !== 'without') {
    branches.push(sql`
      select ${day(sql`c.clicked_at`)} as day, coalesce(c.channel, '') as channel, r.produkt_id,
        ${campaignOf('r')} as campaign, 0 as recommendations, count(*) as clicks, 0 as recipients_confirmed,
        0 as orders, 0 as rewards_released, 0 as rewards_released_cent, 0 as rewards_paid, 0 as rewards_paid_cent
      from click c join recommendation r on r.id = c.recommendation_id and r.mandant_id = c.mandant_id
      where c.mandant_id = ${mandantId} and ${clicksSince} and ${until(sql`c.clicked_at`)}
      group by 1, 2, 3, 4`);
  }
  if (mode !== 'only') {
    branches.push(sql`
      select ${day(sql`p.confirmed_at`)}, coalesce(p.channel, r.channel, ''), r.produkt_id, ${campaignOf('r')},
        0, 0, count(*), 0, 0, 0, 0, 0
      from recipient p join recommendation r on r.id = p.recommendation_id and r.mandant_id = p.mandant_id
      where p.mandant_id = ${mandantId} and p.confirmed_at is not null
        and ${since(sql`p.confirmed_at`)} and ${until(sql`p.confirmed_at`)}
      group by 1, 2, 3, 4`);
    branches.push(sql`
      select o.order_date, coalesce(p.channel, r.channel, ''), r.produkt_id, ${campaignOf('r')},
        0, 0, 0, count(*), 0, 0, 0, 0
      from customer_order o
        join recommendation r on r.id = o.recommendation_id and r.mandant_id = o.mandant_id
        left join recipient p on p.id = o.recipient_id
      where o.mandant_id = ${mandantId} and o.cancelled_at is null
        and ${range.from === null ? sql`true` : sql`o.order_date >= cast(${range.from} as date)`}
        and o.order_date < cast(${range.until} as date)
      group by 1, 2, 3, 4`);
    branches.push(sql`
      select ${day(sql`e.occurred_at`)}, coalesce(p.channel, r.channel, ''), r.produkt_id, ${campaignOf('r')},
        0, 0, 0, 0,
        count(*) filter (where e.to_status = 'Bereitgestellt'),
        coalesce(sum(w.wert_cent) filter (where e.to_status = 'Bereitgestellt'), 0),
        count(*) filter (where e.to_status <> 'Bereitgestellt'),
        coalesce(sum(w.wert_cent) filter (where e.to_status <> 'Bereitgestellt'), 0)
      from lifecycle_event e
        join praemierung w on w.id = e.praemierung_id
        join recommendation r on r.id = e.recommendation_id and r.mandant_id = e.mandant_id
        left join customer_order o on o.id = w.order_id
        left join recipient p on p.id = o.recipient_id
      where e.mandant_id = ${mandantId} and e.praemierung_id is not null
        and e.to_status in ('Bereitgestellt', 'Ausgezahlt', 'Abgeholt')
        and ${since(sql`e.occurred_at`)} and ${until(sql`e.occurred_at`)}
      group by 1, 2, 3, 4`);
  }
  return sql<FactRow>`
    select cast(day as text) as day, channel, produkt_id, campaign,
      sum(recommendations) as recommendations, sum(clicks) as clicks,
      sum(recipients_confirmed) as recipients_confirmed, sum(orders) as orders,
      sum(rewards_released) as rewards_released, sum(rewards_released_cent) as rewards_released_cent,
      sum(rewards_paid) as rewards_paid, sum(rewards_paid_cent) as rewards_paid_cent
    from (${sql.join(branches, sql` union all `)}) as facts
    group by day, channel, produkt_id, campaign`;
}
