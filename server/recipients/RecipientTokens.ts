import { hkdfSync, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** The claims of a recipient token: who (recipient id) of which recommendation in which mandant. */
export interface RecipientClaims {
  /** recipient id */
  sub: string;
  mnd: string;
  /** Empfehlungsnummer the recipient belongs to. */
  enr: string;
  kind: 'recipient';
  jti: string;
  iat: number;
  exp: number;
}

export interface RecipientTokens {
  issue(mandant: string, recipientId: string, empfehlungsnummer: string): Promise<string>;
  /** The claims of a valid, unexpired recipient token of `mandant`; undefined for anything else. */
  verify(token: string, mandant: string): Promise<RecipientClaims | undefined>;
}

/** The audience claim: a recipient token names what it is for, beside having a key of its own. */
const AUDIENCE = 'recipient';
const MAX_TOKEN_LENGTH = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The recipient token key: derived from the server secret, so it is never the session key. */
export function deriveRecipientKey(serverSecret: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', serverSecret, new Uint8Array(0), 'recipient-tokens', 32));
}

/**
 * Recipient tokens (SPEC section 6: "uses a recipient token for recipient calls, no login"): JWTs like
 * the session tokens, but signed with a key of their own (HKDF of the server secret), with kind
 * 'recipient' and audience 'recipient'. A recipient token fails the session check (other key, other kind)
 * and a session token fails this one, so neither can stand in for the other.
 */
export function createRecipientTokens(key: Uint8Array, ttlMinutes: number): RecipientTokens {
  return {
    async issue(mandant, recipientId, empfehlungsnummer) {
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ mnd: mandant, enr: empfehlungsnummer, kind: 'recipient' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(recipientId)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlMinutes * 60)
        .sign(key);
    },

    async verify(token, mandant) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
        });
        const { sub, mnd, enr, kind, jti, iat, exp } = payload;
        if (kind !== 'recipient' || mnd !== mandant) return undefined;
        if (typeof sub !== 'string' || !UUID.test(sub) || typeof enr !== 'string') return undefined;
        if (typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return undefined;
        return { sub, mnd, enr, kind, jti, iat, exp };
      } catch {
        return undefined;
      }
    },
  };
}
