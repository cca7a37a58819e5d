import { DEFAULT_LOGIN_THROTTLE, type LoginThrottleSettings } from './loginThrottleSettings.ts';

/**
 * Counts attempts per key. Two stores implement it with the same semantics (tests/server/rateLimitRedis.test.ts
 * runs one table of cases against both): PostgreSQL (postgresRateLimiter.ts, table rate_limit) and Redis
 * (redisRateLimiter.ts) when REDIS_URL is set (createRateLimiter.ts). Either way every instance of a
 * deployment counts together.
 */
export interface RateLimiter {
  /** Counts one attempt for `key` in the current fixed window of `rule` and says whether it is still allowed. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /**
   * Counts one failure for `key` (a failed login). The count is remembered until `ttlSeconds` after the
   * last failure (a sliding expiry): failures keep adding up while they keep coming.
   */
  recordFailure(key: string, ttlSeconds: number): Promise<FailureCount>;
  /** The failures of `key` still remembered (count 0 when none); `ttlSeconds` as given to recordFailure. */
  failures(key: string, ttlSeconds: number): Promise<FailureCount>;
  /** Forgets the attempts and failures of `key` (e.g. the account's failures after a successful login). */
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  /** Attempts allowed per window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts in this window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

export interface FailureCount {
  count: number;
  /** Seconds since the last failure by the store's clock (0 when count is 0). */
  secondsSinceLast: number;
}

/** The limits of each rate-limited call; tests lower them through buildApp's `rateLimits` option. */
export interface RateLimitSettings {
  /**
   * POST of a login (recommender, agency, back office) per mandant and client address: the volume one place
   * may send, whatever the outcome. Guessing one person's password is slowed by `loginThrottle` instead,
   * which never refuses the right password for good (ADR 0024).
   */
  loginPerIp: RateLimitRule;
  /** GET /account/login/?token= per mandant and client address: guessing login links. */
  tokenLoginPerIp: RateLimitRule;
  /** Growing delays and the captcha after failed logins (loginThrottle.ts, ADR 0024). */
  loginThrottle: LoginThrottleSettings;
}

const FIFTEEN_MINUTES = 15 * 60;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerIp: { limit: 50, windowSeconds: FIFTEEN_MINUTES },
  tokenLoginPerIp: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  loginThrottle: DEFAULT_LOGIN_THROTTLE,
};
