import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The Verwaltungstoken: proof that the caller made a recommendation, for recommenders without an account.
 * Stateless — an HMAC of mandant and number under a key derived from the server secret — so it needs no
 * column and every instance can check it. It is handed out only in the creator's answers.
 */
export interface OwnerTokens {
  issue(mandantId: string, empfehlungsnummer: string): string;
  verify(mandantId: string, empfehlungsnummer: string, token: string | undefined): boolean;
}

export function createOwnerTokens(secret: Uint8Array): OwnerTokens {
  const key = new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), 'recommendation-owner', 32));
  const issue = (mandantId: string, empfehlungsnummer: string) =>
    createHmac('sha256', key).update(`${mandantId}:${empfehlungsnummer}`).digest('base64url');
  return {
    issue,
    verify(mandantId, empfehlungsnummer, token) {
      if (!token || token.length > 64) return false;
      const expected = Buffer.from(issue(mandantId, empfehlungsnummer));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
