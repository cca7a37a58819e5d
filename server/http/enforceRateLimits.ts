import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter, RateLimitRule } from '../rateLimit/RateLimiter.ts';
import { ApiProblem } from './ApiProblem.ts';

export interface RateLimitCheck {
  /** Names the limit in the log (never the key: it is derived from personal data). */
  name: string;
  key: string;
  rule: RateLimitRule;
}

/**
 * Counts this attempt against every check and refuses with 429 PSOF0016 and `Retry-After` (seconds until
 * the last refusing window ends) when any limit is exceeded. Every check counts even when an earlier one
 * refuses, so that a client cannot spend one budget while it waits out the other.
 */
export async function enforceRateLimits(
  rateLimiter: Pick<RateLimiter, 'hit'>,
  request: FastifyRequest,
  reply: FastifyReply,
  checks: readonly RateLimitCheck[],
): Promise<void> {
  const results = await Promise.all(checks.map((check) => rateLimiter.hit(check.key, check.rule)));
  const refused = results.flatMap((result, index) => (result.allowed ? [] : [{ result, index }]));
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map(({ result }) => result.retryAfterSeconds));
  request.log.warn({ limits: refused.map(({ index }) => checks[index]?.name) }, 'rate limit reached');
  reply.header('retry-after', String(retryAfter));
  throw new ApiProblem('PSOF0016');
}
