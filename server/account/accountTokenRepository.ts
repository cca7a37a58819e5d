import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AccountTokenPurpose } from '../../schemas/account.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS } from '../db/throttled.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

/** What presenting a set-password link's token leads to. */
export type AccountTokenUse =
  | { outcome: 'accepted'; accountId: string; purpose: AccountTokenPurpose }
  | { outcome: 'used' }
  /** Never issued for this mandant, replaced by a newer link, or past its lifetime: dead either way. */
  | { outcome: 'expired' };

/** A Kysely instance or a transaction: token changes join the caller's transaction. */
type Executor = Kysely<DatabaseSchema>;

/**
 * Single-use set-password links (welcome and reset). Only a SHA-256 of each 256-bit token is stored.
 * Every method takes the mandant: a link of one mandant means nothing in another.
 */
export interface AccountTokenRepository {
  /**
   * A new link for the account. The account's open links of the same purpose stop working (a resent mail
   * replaces the one before), so at most one welcome and one reset link per account work at a time.
   */
  create(
    db: Executor,
    mandantId: string,
    accountId: string,
    purpose: AccountTokenPurpose,
    ttlMinutes: number,
  ): Promise<string>;
  /** What using the token would lead to, without using it (PUT /account/validateResetPassword). */
  check(mandantId: string, token: string): Promise<AccountTokenUse>;
  /** Uses the token up if it is still open: of two simultaneous uses exactly one is accepted. */
  use(db: Executor, mandantId: string, token: string): Promise<AccountTokenUse>;
  /** Ends every open link of the account (its password was just set or changed). */
  expireAll(db: Executor, mandantId: string, accountId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountTokenRepository: AccountTokenRepository;
  }
}

/** The stored form of a link's token (also agency links, server/agency/passwords). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are base64url of 32 bytes; anything else is not worth a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const accountTokenRepositoryPlugin = globalPlugin('accountTokenRepository', async (app) => {
  const kysely = app.database.kysely;
  // Expired links are kept a day so that a late click still says "expired" rather than "unknown". The
  // purge runs on the caller's executor: inside a transaction, a query on another connection would wait
  // for it (on PGlite, with its one connection, for ever).
  let lastPurge = Number.NEGATIVE_INFINITY;
  async function purgeExpired(db: Executor): Promise<void> {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    await db
      .deleteFrom('account_token')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  async function outcomeOf(db: Executor, mandantId: string, tokenHash: string): Promise<AccountTokenUse> {
    const row = await db
      .selectFrom('account_token')
      .select(['account_id', 'purpose', 'used_at', sql<boolean>`expires_at > now()`.as('open')])
      .where('token_hash', '=', tokenHash)
      .where('mandant_id', '=', mandantId)
      .executeTakeFirst();
    if (!row) return { outcome: 'expired' };
    if (row.used_at) return { outcome: 'used' };
    if (!row.open) return { outcome: 'expired' };
    return { outcome: 'accepted', accountId: row.account_id, purpose: row.purpose };
  }

  const repository: AccountTokenRepository = {
    async create(db, mandantId, accountId, purpose, ttlMinutes) {
      await purgeExpired(db);
      const token = randomBytes(32).toString('base64url');
      await db
        .updateTable('account_token')
        .set({ expires_at: sql<Date>`now()` })
        .where('mandant_id', '=', mandantId)
        .where('account_id', '=', accountId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .execute();
      await db
        .insertInto('account_token')
        .values({
          token_hash: hashToken(token),
          mandant_id: mandantId,
          account_id: accountId,
          purpose,
          expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes}::int)`,
        })
        .execute();
      return token;
    },
    async check(mandantId, token) {
      if (!TOKEN_PATTERN.test(token)) return { outcome: 'expired' };
      return outcomeOf(kysely, mandantId, hashToken(token));
    },
    async use(db, mandantId, token) {
      if (!TOKEN_PATTERN.test(token)) return { outcome: 'expired' };
      const tokenHash = hashToken(token);
      const accepted = await db
        .updateTable('account_token')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('mandant_id', '=', mandantId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['account_id', 'purpose'])
        .executeTakeFirst();
      if (accepted) return { outcome: 'accepted', accountId: accepted.account_id, purpose: accepted.purpose };
      return outcomeOf(db, mandantId, tokenHash);
    },
    async expireAll(db, mandantId, accountId) {
      await db
        .updateTable('account_token')
        .set({ expires_at: sql<Date>`now()` })
        .where('mandant_id', '=', mandantId)
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .execute();
    },
  };
  app.decorate('accountTokenRepository', repository);
});
