import type { TokenClaims } from '../../schemas/account.ts';

/**
 * The claims of a JWT, read without verifying it: the server verifies, the runtime only needs `exp`
 * (expiry check, cookie lifetime) and `kind` (which session a stored token restores). Null when the
 * token is not a readable JWT.
 */
export function readTokenClaims(token: string): Partial<TokenClaims> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

/**
 * SPEC 4: an expired token ends the session. A token without a readable `exp` counts as expired too:
 * the runtime cannot know how long it lives, and the server would refuse it anyway.
 */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = readTokenClaims(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 <= nowMs;
}
