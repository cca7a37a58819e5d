import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import type { RateLimiter, RateLimitResult, RateLimitRule } from './RateLimiter.ts';

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
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limit').where('key', '=', key).execute();
    },
  };
}
