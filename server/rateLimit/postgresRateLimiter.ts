import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import type { FailureCount, RateLimiter, RateLimitResult, RateLimitRule } from './RateLimiter.ts';

/**
 * The failure counters share the `rate_limit` table with the windows: one row per key under this fixed
 * `window_start`, whose `expires_at` moves to `now() + ttl` at every failure — so the last failure was
 * `ttl − (expires_at − now())` seconds ago, and no column or migration is needed for it.
 */
const FAILURES_ROW = sql<Date>`'-infinity'::timestamptz`;

/**
 * Fixed-window counters in the `rate_limit` table: one upsert per attempt returns the window's count, so
 * instances behind a load balancer count together without Redis. Windows are aligned to the epoch and
 * the database clock, so all instances agree on where a window starts even if their clocks drift.
 */
export function postgresRateLimiter(db: Kysely<DatabaseSchema>): RateLimiter {
  const purge = throttled(PURGE_INTERVAL_MS, () =>
    db.deleteFrom('rate_limit').where('expires_at', '<', sql<Date>`now()`).execute(),
  );
  return {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      await purge();
      const seconds = rule.windowSeconds;
      const result = await sql<{ count: number; retry_after: number }>`
        insert into rate_limit (key, window_start, count, expires_at)
        select ${key}, w.start, 1, w.start + make_interval(secs => ${seconds}::double precision)
        from (
          select to_timestamp(floor(extract(epoch from now()) / ${seconds}::int) * ${seconds}::int) as start
        ) as w
        on conflict (key, window_start) do update set count = rate_limit.count + 1
        returning count, greatest(1, ceil(extract(epoch from expires_at - now())))::int as retry_after
      `.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('rate_limit upsert returned no row');
      return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds: row.retry_after };
    },
    async recordFailure(key: string, ttlSeconds: number): Promise<FailureCount> {
      await purge();
      // One statement: two instances counting the same key at once both add (the row lock orders them).
      const result = await sql<{ count: number }>`
        insert into rate_limit (key, window_start, count, expires_at)
        values (${key}, ${FAILURES_ROW}, 1, now() + make_interval(secs => ${ttlSeconds}::double precision))
        on conflict (key, window_start) do update set
          count = case when rate_limit.expires_at > now() then rate_limit.count + 1 else 1 end,
          expires_at = excluded.expires_at
        returning count
      `.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('rate_limit failure upsert returned no row');
      return { count: row.count, secondsSinceLast: 0 };
    },
    async failures(key: string, ttlSeconds: number): Promise<FailureCount> {
      const result = await sql<{ count: number; since: number }>`
        select count,
          greatest(0, ${ttlSeconds}::double precision - extract(epoch from expires_at - now()))::double precision as since
        from rate_limit
        where key = ${key} and window_start = ${FAILURES_ROW} and expires_at > now()
      `.execute(db);
      const row = result.rows[0];
      return row
        ? { count: row.count, secondsSinceLast: Number(row.since) }
        : { count: 0, secondsSinceLast: 0 };
    },
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limit').where('key', '=', key).execute();
    },
  };
}
