import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { hashToken, TOKEN_PATTERN } from '../../account/accountTokenRepository.ts';
import type { AgencyUserTokenTable, DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS } from '../../db/throttled.ts';

export type AgencyTokenPurpose = AgencyUserTokenTable['purpose'];

/** What presenting an agency link's token leads to (as AccountTokenUse, for an agency user). */
export type AgencyTokenUse =
  | { outcome: 'accepted'; agencyUserId: string; purpose: AgencyTokenPurpose }
  | { outcome: 'used' }
  /** Never issued for this mandant, replaced by a newer link, or past its lifetime: dead either way. */
  | { outcome: 'expired' };

/** A Kysely instance or a transaction: token changes join the caller's transaction. */
type Executor = Kysely<DatabaseSchema>;

/**
 * Single-use links of agency users (table agency_user_token: welcome, reset, confirm), the twin of
 * server/account/accountTokenRepository.ts with the same rules and the same token format and hash: only a
 * SHA-256 of each 256-bit token is stored, every method takes the mandant, a new link replaces the user's
 * open one of the same purpose, and of two simultaneous uses exactly one is accepted.
 */
export interface AgencyTokenRepository {
  create(
    db: Executor,
    mandantId: string,
    agencyUserId: string,
    purpose: AgencyTokenPurpose,
    ttlMinutes: number,
  ): Promise<string>;
  /** Uses the token up if it is still open and of one of `purposes`. */
  use(
    db: Executor,
    mandantId: string,
    token: string,
    purposes: readonly AgencyTokenPurpose[],
  ): Promise<AgencyTokenUse>;
  /** Ends every open password link (welcome, reset) of the user: the password was just set or changed. */
  expireAll(db: Executor, mandantId: string, agencyUserId: string): Promise<void>;
}

export function createAgencyTokenRepository(): AgencyTokenRepository {
  // Expired links are kept a day so that a late click still says "expired"; the purge runs on the caller's
  // executor (accountTokenRepository.ts says why).
  let lastPurge = Number.NEGATIVE_INFINITY;
  async function purgeExpired(db: Executor): Promise<void> {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    await db
      .deleteFrom('agency_user_token')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  async function outcomeOf(
    db: Executor,
    mandantId: string,
    tokenHash: string,
    purposes: readonly AgencyTokenPurpose[],
  ): Promise<AgencyTokenUse> {
    const row = await db
      .selectFrom('agency_user_token')
      .select(['agency_user_id', 'purpose', 'used_at', sql<boolean>`expires_at > now()`.as('open')])
      .where('token_hash', '=', tokenHash)
      .where('mandant_id', '=', mandantId)
      .executeTakeFirst();
    if (!row || !purposes.includes(row.purpose)) return { outcome: 'expired' };
    if (row.used_at) return { outcome: 'used' };
    if (!row.open) return { outcome: 'expired' };
    return { outcome: 'accepted', agencyUserId: row.agency_user_id, purpose: row.purpose };
  }

  return {
    async create(db, mandantId, agencyUserId, purpose, ttlMinutes) {
      await purgeExpired(db);
      const token = randomBytes(32).toString('base64url');
      await db
        .updateTable('agency_user_token')
        .set({ expires_at: sql<Date>`now()` })
        .where('mandant_id', '=', mandantId)
        .where('agency_user_id', '=', agencyUserId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .execute();
      await db
        .insertInto('agency_user_token')
        .values({
          token_hash: hashToken(token),
          mandant_id: mandantId,
          agency_user_id: agencyUserId,
          purpose,
          expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes}::int)`,
        })
        .execute();
      return token;
    },
    async use(db, mandantId, token, purposes) {
      if (!TOKEN_PATTERN.test(token)) return { outcome: 'expired' };
      const tokenHash = hashToken(token);
      const accepted = await db
        .updateTable('agency_user_token')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('mandant_id', '=', mandantId)
        .where('purpose', 'in', [...purposes])
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['agency_user_id', 'purpose'])
        .executeTakeFirst();
      if (accepted) {
        return { outcome: 'accepted', agencyUserId: accepted.agency_user_id, purpose: accepted.purpose };
      }
      return outcomeOf(db, mandantId, tokenHash, purposes);
    },
    async expireAll(db, mandantId, agencyUserId) {
      await db
        .updateTable('agency_user_token')
        .set({ expires_at: sql<Date>`now()` })
        .where('mandant_id', '=', mandantId)
        .where('agency_user_id', '=', agencyUserId)
        // An agency's registration confirmation (purpose confirm) is not a password link.
        .where('purpose', 'in', ['welcome', 'reset'])
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .execute();
    },
  };
}
