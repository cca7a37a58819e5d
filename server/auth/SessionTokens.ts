import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { type Kysely, sql } from 'kysely';
import type { TokenClaims } from '../../schemas/account.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';

export type TokenKind = TokenClaims['kind'];

/**
 * Session tokens: JWTs signed with HS256 that carry `TokenClaims` (schemas/account.ts), so the runtime can
 * read `exp` for its 60-second expiry check. A signature and an expiry alone cannot end a session early,
 * hence the revocation list: logout records the token id until the token would have expired anyway.
 */
export interface SessionTokens {
  issue(kind: TokenKind, mandant: string, subject: string): Promise<string>;
  /**
   * The claims of a token this server signed for `mandant` that has neither expired nor been revoked;
   * undefined for anything else (another mandant, malformed, forged, expired, revoked).
   */
  verify(token: string, mandant: string): Promise<TokenClaims | undefined>;
  revoke(claims: TokenClaims): Promise<void>;
}

/** Far above any token we sign; longer input is not worth parsing. */
const MAX_TOKEN_LENGTH = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createSessionTokens(options: {
  db: Kysely<DatabaseSchema>;
  key: Uint8Array;
  ttlMinutes: number;
}): SessionTokens {
  const { db, key, ttlMinutes } = options;
  const purge = throttled(PURGE_INTERVAL_MS, () =>
    db.deleteFrom('revoked_token').where('expires_at', '<', sql<Date>`now()`).execute(),
  );
  return {
    async issue(kind, mandant, subject) {
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ mnd: mandant, kind })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlMinutes * 60)
        .sign(key);
    },

    async verify(token, mandant) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
        }));
      } catch {
        // Malformed, forged, wrong algorithm or expired: to the client all of them are a dead session.
        return undefined;
      }
      const claims = toClaims(payload);
      if (!claims || claims.mnd !== mandant) return undefined;
      const revoked = await db
        .selectFrom('revoked_token')
        .select('jti')
        .where('mandant_id', '=', mandant)
        .where('jti', '=', claims.jti)
        .executeTakeFirst();
      return revoked ? undefined : claims;
    },

    async revoke(claims) {
      await purge();
      await db
        .insertInto('revoked_token')
        .values({ jti: claims.jti, mandant_id: claims.mnd, expires_at: new Date(claims.exp * 1000) })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .execute();
    },
  };
}

/** Our claims, checked field by field: a correctly signed token is still only data. */
function toClaims(payload: Record<string, unknown>): TokenClaims | undefined {
  const { sub, mnd, kind, jti, iat, exp } = payload;
  if (typeof sub !== 'string' || !UUID.test(sub)) return undefined;
  if (typeof mnd !== 'string' || (kind !== 'user' && kind !== 'agency' && kind !== 'backoffice'))
    return undefined;
  if (typeof jti !== 'string' || !UUID.test(jti)) return undefined;
  if (typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  return { sub, mnd, kind, jti, iat, exp };
}
