import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitDeps } from '../account/accountMailLimits.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import type { RateLimitRule } from '../rateLimit/RateLimiter.ts';

const HOUR = 60 * 60;
const FIFTEEN_MINUTES = 15 * 60;

/**
 * Limits of the personal-area calls. Mails (newsletter opt-in, reward link) count per account so nobody can
 * flood a mailbox; mail-link tokens count per client address; changes and exports per account, so a
 * stolen session cannot hammer the IBAN check or pull the data in a loop.
 */
export const PERSONAL_AREA_LIMITS = {
  mailPerAccount: { limit: 5, windowSeconds: HOUR },
  tokenPerIp: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  changePerAccount: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  exportPerAccount: { limit: 10, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;

type PerAccount = 'mailPerAccount' | 'changePerAccount' | 'exportPerAccount';

/** Counts one call of `limit` for the account (keyed by a hash of its id, never the id itself). */
export function limitPerAccount(
  limits: RateLimitDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  mandantId: string,
  accountId: string,
  limit: PerAccount,
): Promise<void> {
  return enforceRateLimits(limits.rateLimiter, request, reply, [
    {
      name: `personalArea.${limit}`,
      key: limits.rateLimitKeys.forEmail(`personalArea.${limit}`, mandantId, accountId),
      rule: PERSONAL_AREA_LIMITS[limit],
    },
  ]);
}

/** Counts one use of a mail link's token from this client address. */
export function limitTokenUse(
  limits: RateLimitDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  mandantId: string,
): Promise<void> {
  return enforceRateLimits(limits.rateLimiter, request, reply, [
    {
      name: 'personalArea.tokenPerIp',
      key: limits.rateLimitKeys.forClient('personalArea.token', mandantId, request.ip),
      rule: PERSONAL_AREA_LIMITS.tokenPerIp,
    },
  ]);
}
