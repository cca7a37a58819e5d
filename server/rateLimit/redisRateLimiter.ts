import type { Redis } from 'ioredis';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { FailureCount, RateLimiter, RateLimitResult, RateLimitRule } from './RateLimiter.ts';

/**
 * One fixed window: the first hit sets the key to expire where the window ends (aligned to the epoch by
 * Redis' own clock, as the PostgreSQL store aligns to the database's), so every instance agrees.
 * Returns { count, seconds until the window ends }.
 */
const HIT = `
local now = tonumber(redis.call('TIME')[1])
local window = tonumber(ARGV[1])
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIREAT', KEYS[1], now - (now % window) + window) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIREAT', KEYS[1], now - (now % window) + window)
  ttl = redis.call('TTL', KEYS[1])
end
return { count, ttl }
`;

/** A failure: count + 1, the time of the last one (ms), expiry `ttl` seconds from now. Returns the count. */
const RECORD_FAILURE = `
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', nowMs)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[1]))
return count
`;

/** { count, ms since the last failure }, { 0, 0 } when none is remembered. */
const FAILURES = `
local v = redis.call('HMGET', KEYS[1], 'count', 'last')
if not v[1] then return { 0, 0 } end
local t = redis.call('TIME')
local nowMs = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return { tonumber(v[1]), math.max(0, nowMs - tonumber(v[2])) }
`;

/**
 * The RateLimiter on Redis (REDIS_URL; DESIGN "Scaling"): each call is one Lua script, so it is atomic
 * however many instances share the server, and reads Redis' clock, not the instance's. Keys:
 * `{prefix}rl:{key}` (a window's counter) and `{prefix}rf:{key}` (a hash of failure count and last time).
 * The keys come from RateLimitKeys: mandant plus a keyed hash, never an address.
 */
export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const windowKey = (key: string) => `${prefix}rl:${key}`;
  const failureKey = (key: string) => `${prefix}rf:${key}`;
  return unavailableAs503({
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const [count, ttl] = (await redis.eval(HIT, 1, windowKey(key), rule.windowSeconds)) as [number, number];
      return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, ttl) };
    },
    async recordFailure(key: string, ttlSeconds: number): Promise<FailureCount> {
      const count = (await redis.eval(RECORD_FAILURE, 1, failureKey(key), Math.ceil(ttlSeconds))) as number;
      return { count, secondsSinceLast: 0 };
    },
    async failures(key: string): Promise<FailureCount> {
      const [count, ms] = (await redis.eval(FAILURES, 1, failureKey(key))) as [number, number];
      return { count, secondsSinceLast: ms / 1000 };
    },
    async reset(key: string): Promise<void> {
      await redis.del(windowKey(key), failureKey(key));
    },
  });
}

/**
 * Redis down or unreachable: the request cannot be checked against its limits, so it is refused as the
 * service being unavailable for a moment (503 PSOF0003), never a 500 and never let through unchecked.
 * The client's 'error' events are logged where the connection is made (createRateLimiter.ts).
 */
function unavailableAs503(limiter: RateLimiter): RateLimiter {
  const guarded = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(limiter) as [
    string,
    (...args: unknown[]) => Promise<unknown>,
  ][]) {
    guarded[name] = (...args: unknown[]) =>
      call(...args).catch((error: unknown) => {
        if (error instanceof ApiProblem) throw error;
        throw new ApiProblem('PSOF0003');
      });
  }
  return guarded as unknown as RateLimiter;
}
