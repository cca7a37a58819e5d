import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

/** What presenting a login token leads to. */
export type LoginTokenUse =
  | { outcome: 'accepted'; accountId: string }
  | { outcome: 'used' }
  /** Never issued for this mandant, or past its lifetime: the link is dead either way. */
  | { outcome: 'expired' };

export interface LoginTokenRepository {
  /**
   * A new single-use token for the account; only its hash is stored. `db`: the caller's transaction (the
   * back office writes its audit entry with it), else the app's database.
   */
  create(
    mandantId: string,
    accountId: string,
    ttlMinutes: number,
    db?: Kysely<DatabaseSchema>,
  ): Promise<string>;
  /** Marks the token used and names its account, if it is still unused and unexpired. */
  use(mandantId: string, token: string): Promise<LoginTokenUse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    loginTokenRepository: LoginTokenRepository;
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const loginTokenRepositoryPlugin = globalPlugin('loginTokenRepository', async (app) => {
  const db = app.database.kysely;
  const purge = throttled(PURGE_INTERVAL_MS, () =>
    db.deleteFrom('login_token').where('expires_at', '<', sql<Date>`now()`).execute(),
  );
  const repository: LoginTokenRepository = {
    async create(mandantId, accountId, ttlMinutes, executor = db) {
      // Not inside the caller's transaction: on PGlite a query beside it would wait for its connection.
      if (executor === db) await purge();
      // 256 random bits, URL-safe: it travels in a path segment (/de/login/<token>) and a query value.
      const token = randomBytes(32).toString('base64url');
      await executor
        .insertInto('login_token')
        .values({
          token_hash: hashToken(token),
          mandant_id: mandantId,
          account_id: accountId,
          expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes}::int)`,
        })
        .execute();
      return token;
    },
    async use(mandantId, token) {
      const tokenHash = hashToken(token);
      // One conditional update: of two requests racing with the same token exactly one wins.
      const accepted = await db
        .updateTable('login_token')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('mandant_id', '=', mandantId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('account_id')
        .executeTakeFirst();
      if (accepted) return { outcome: 'accepted', accountId: accepted.account_id };
      const known = await db
        .selectFrom('login_token')
        .select('used_at')
        .where('token_hash', '=', tokenHash)
        .where('mandant_id', '=', mandantId)
        .executeTakeFirst();
      return known?.used_at ? { outcome: 'used' } : { outcome: 'expired' };
    },
  };
  app.decorate('loginTokenRepository', repository);
});
