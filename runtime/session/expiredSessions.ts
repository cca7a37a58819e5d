import { isTokenExpired } from './tokenClaims.ts';

export interface SessionTokens {
  userToken: string | null;
  agencyToken: string | null;
  storedToken: string | null;
}

export interface ExpiredSessions {
  user: boolean;
  agency: boolean;
  stored: boolean;
}

/** SPEC 4: which of the known tokens have expired at `nowMs` (a missing token has not). */
export function expiredSessions(tokens: SessionTokens, nowMs: number): ExpiredSessions {
  const expired = (token: string | null) => token !== null && isTokenExpired(token, nowMs);
  return {
    user: expired(tokens.userToken),
    agency: expired(tokens.agencyToken),
    stored: expired(tokens.storedToken),
  };
}
