import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from '../http/ApiProblem.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import type { RateLimiter, RateLimitRule } from '../rateLimit/RateLimiter.ts';
import type { RateLimitKeys } from '../rateLimit/RateLimitKeys.ts';

const HOUR = 60 * 60;
const FIFTEEN_MINUTES = 15 * 60;

/**
 * Limits of the account lifecycle calls. Mails are the scarce thing: each request that can send one
 * (registration, resend, forgotten password) counts against the address — so nobody can flood a mailbox —
 * and against the client, so nobody can use us to mail many addresses.
 */
export const ACCOUNT_LIMITS = {
  /** Mails per mandant and address, whatever the call. */
  mailPerEmail: { limit: 5, windowSeconds: HOUR },
  /** Mail-sending calls per mandant and client address. */
  mailPerIp: { limit: 30, windowSeconds: HOUR },
  /** Set-password links tried per mandant and client address (use and validate). */
  linkPerIp: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Password changes per account: guessing the current password with a stolen session. */
  changePerAccount: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimitRule>;

/** The rate limiter and the keys of its counters: plain arguments, never the Fastify app. */
export interface RateLimitDeps {
  rateLimiter: Pick<RateLimiter, 'hit'>;
  rateLimitKeys: Pick<RateLimitKeys, 'forEmail' | 'forClient'>;
}

/**
 * Counts a mail-sending request. Over the address's limit the answer is PSOF0225 ("too many e-mails for
 * this address, look in your inbox"), over the client's the general PSOF0016; both carry Retry-After.
 */
export async function enforceMailLimits(
  limits: RateLimitDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  mandantId: string,
  email: string,
): Promise<void> {
  const emailCheck = {
    name: 'accountMailPerEmail',
    key: limits.rateLimitKeys.forEmail('accountMail', mandantId, email),
    rule: ACCOUNT_LIMITS.mailPerEmail,
  };
  const ipCheck = {
    name: 'accountMailPerIp',
    key: limits.rateLimitKeys.forClient('accountMail', mandantId, request.ip),
    rule: ACCOUNT_LIMITS.mailPerIp,
  };
  // Checked apart, so the answer can say which budget ran out; the client's is counted first.
  await enforceRateLimits(limits.rateLimiter, request, reply, [ipCheck]);
  try {
    await enforceRateLimits(limits.rateLimiter, request, reply, [emailCheck]);
  } catch (error) {
    if (error instanceof ApiProblem && error.code === 'PSOF0016') throw new ApiProblem('PSOF0225');
    throw error;
  }
}
