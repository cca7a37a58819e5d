import type { RateLimitRule } from '../rateLimit/RateLimiter.ts';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/**
 * Limits of the recipient calls that create data or can be used to guess: recipients per client address
 * (one household gives a few friends' data at most), recipients per recommendation (a link posted
 * publicly must not fill the table), and offline-code lookups per address (codes are 8 characters of 32).
 */
export const RECIPIENT_RATE_LIMITS = {
  createPerIp: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  createPerRecommendation: { limit: 30, windowSeconds: ONE_HOUR },
  codePerIp: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimitRule>;
