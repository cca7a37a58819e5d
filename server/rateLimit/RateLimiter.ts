/**
 * Counts attempts per key in fixed windows. The one implementation today keeps the counters in the
 * database (postgresRateLimiter.ts), so every instance over the same PostgreSQL sees them; a Redis store
 * can implement the same interface when REDIS_URL is set.
 */
export interface RateLimiter {
  /** Counts one attempt for `key` in the current window of `rule` and says whether it is still allowed. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Forgets the counts of `key` (e.g. the e-mail counter after a successful login). */
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

/** The limits of each rate-limited call; tests lower them through buildApp's `rateLimits` option. */
export interface RateLimitSettings {
  /** POST /account/login per mandant and e-mail: guessing one person's password. */
  loginPerEmail: RateLimitRule;
  /** POST /account/login per mandant and client address: trying many e-mails from one place. */
  loginPerIp: RateLimitRule;
  /** GET /account/login/?token= per mandant and client address: guessing login links. */
  tokenLoginPerIp: RateLimitRule;
}

const FIFTEEN_MINUTES = 15 * 60;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerEmail: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  loginPerIp: { limit: 50, windowSeconds: FIFTEEN_MINUTES },
  tokenLoginPerIp: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
};
