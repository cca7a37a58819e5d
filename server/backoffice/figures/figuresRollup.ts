import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { type DayRange, type FactsOptions, factsQuery, rangesOf } from './figuresFacts.ts';

/**
 * How long after midnight a day stays in the raw tail: clicks wait up to a few seconds in an instance's
 * buffer (server/clicks), so a day is rolled up only once it has been over for this long.
 */
export const ROLLUP_GRACE_MINUTES = 15;

/**
 * The days from the watermark on keep their clicks up to this long before the refresh in partial rows (the
 * day that is still going has the most rows by far: its clicks), so that an answer reads minutes of clicks
 * raw, not a whole day of them.
 */
export const CLICK_GRACE_MINUTES = 2;

/** Any two keys fixed for this rollup; the second is the mandant (pg_advisory_xact_lock(int, int)). */
const LOCK_KEY = 150_021;

export interface RefreshOutcome {
  mandantId: string;
  /** The first day not rolled up after this refresh. */
  rolledUntil: string;
  /** The day ranges recomputed. */
  ranges: DayRange[];
}

/**
 * Brings a mandant's daily rollup up to the last complete Berlin day (docs/adr/0021): the days from the
 * watermark up to yesterday, and the earlier days marked dirty by the triggers of migration 0016, are
 * recomputed from the raw rows and replace what was there. One transaction under an advisory lock per
 * mandant: two instances never refresh the same mandant at once, and a refresh run twice writes the same
 * rows again (absolute values, never increments), so nothing is counted twice.
 */
export async function refreshFigures(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  now: Date = new Date(),
): Promise<RefreshOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY}, hashtext(${mandantId}))`.execute(trx);
    const { rows } = await sql<{ target: string; tomorrow: string }>`select cast(cast(
        (cast(${now.toISOString()} as timestamptz) - make_interval(mins => ${ROLLUP_GRACE_MINUTES}))
        at time zone 'Europe/Berlin' as date) as text) as target,
      cast(cast(cast(${now.toISOString()} as timestamptz) at time zone 'Europe/Berlin' as date) + 1 as text)
        as tomorrow`.execute(trx);
    const target = rows[0]?.target ?? '';
    const tomorrow = rows[0]?.tomorrow ?? '';
    const clicksUntil = new Date(now.getTime() - CLICK_GRACE_MINUTES * 60_000);
    const state = await trx
      .selectFrom('figures_rollup_state')
      .select(sql<string>`cast(rolled_until as text)`.as('rolled_until'))
      .where('mandant_id', '=', mandantId)
      .executeTakeFirst();
    const watermark = state?.rolled_until ?? null;
    // Taken before the recompute: a change committed after this statement leaves its mark for the next run.
    const dirty = await trx
      .deleteFrom('figures_dirty_day')
      .where('mandant_id', '=', mandantId)
      .where('day', '<', target)
      .returning(sql<string>`cast(day as text)`.as('day'))
      .execute();
    const ranges: DayRange[] = rangesOf(
      dirty.map((row) => row.day).filter((day) => watermark !== null && day < watermark),
    );
    if (watermark === null) ranges.splice(0, ranges.length, { from: null, until: target });
    else if (watermark < target) ranges.push({ from: watermark, until: target });
    const rolledUntil = watermark !== null && watermark > target ? watermark : target;
    // The complete days, then the partial rows: the clicks of the days from the watermark on, up to a moment.
    const work: { range: DayRange; options: FactsOptions }[] = [
      ...ranges.map((range) => ({ range, options: {} })),
      {
        range: { from: rolledUntil, until: tomorrow > rolledUntil ? tomorrow : rolledUntil },
        options: { clicks: 'only' as const, clicksUntil: clicksUntil.toISOString() },
      },
    ];
    await trx
      .deleteFrom('figures_daily')
      .where('mandant_id', '=', mandantId)
      .where('day', '>=', rolledUntil)
      .execute();
    for (const { range, options } of work) {
      let remove = trx.deleteFrom('figures_daily').where('mandant_id', '=', mandantId);
      if (range.from !== null) remove = remove.where('day', '>=', range.from);
      await remove.where('day', '<', range.until).execute();
      if (range.until <= (range.from ?? '')) continue;
      await sql`insert into figures_daily (mandant_id, day, channel, produkt_id, campaign, recommendations,
          clicks, recipients_confirmed, orders, rewards_released, rewards_released_cent, rewards_paid,
          rewards_paid_cent)
        select ${mandantId}, cast(f.day as date), f.channel, f.produkt_id, f.campaign, f.recommendations,
          f.clicks, f.recipients_confirmed, f.orders, f.rewards_released, f.rewards_released_cent,
          f.rewards_paid, f.rewards_paid_cent
        from (${factsQuery(mandantId, range, options)}) as f
        on conflict (mandant_id, day, channel, produkt_id, campaign) do update set
          recommendations = excluded.recommendations, clicks = excluded.clicks,
          recipients_confirmed = excluded.recipients_confirmed, orders = excluded.orders,
          rewards_released = excluded.rewards_released, rewards_released_cent = excluded.rewards_released_cent,
          rewards_paid = excluded.rewards_paid, rewards_paid_cent = excluded.rewards_paid_cent`.execute(trx);
    }
    await trx
      .insertInto('figures_rollup_state')
      .values({ mandant_id: mandantId, rolled_until: rolledUntil, clicks_until: clicksUntil })
      .onConflict((conflict) =>
        conflict
          .column('mandant_id')
          .doUpdateSet({ rolled_until: rolledUntil, clicks_until: clicksUntil, refreshed_at: new Date() }),
      )
      .execute();
    return { mandantId, rolledUntil, ranges };
  });
}
