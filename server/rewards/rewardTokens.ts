import { createHash, randomBytes } from 'node:crypto';

/**
 * The reward-collection token (praemierungstoken, SPEC 6): 256 random bits in the link of the reward mail.
 * Only its SHA-256 is stored (praemierung.token_hash), so a copy of the database holds no working link.
 * It is not a JWT: `looksLikeRewardToken` tells the two apart on routes that accept both.
 */
export const REWARD_TOKEN_VALID_DAYS = 30;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newRewardToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRewardToken(token) };
}

export function hashRewardToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeRewardToken(value: string): boolean {
  return TOKEN.test(value);
}
