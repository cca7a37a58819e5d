import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { PURGE_INTERVAL_MS, throttled } from '../db/throttled.ts';

/** Remembers solved challenges until they expire, so each is accepted once across all instances. */
export interface UsedChallengeStore {
  /** True the first time a signature is used, false every later time. */
  use(mandantId: string, signature: string, expiresAt: Date): Promise<boolean>;
}

export function postgresUsedChallengeStore(db: Kysely<DatabaseSchema>): UsedChallengeStore {
  const purge = throttled(PURGE_INTERVAL_MS, () =>
    db.deleteFrom('captcha_used').where('expires_at', '<', sql<Date>`now()`).execute(),
  );
  return {
    async use(mandantId, signature, expiresAt) {
      await purge();
      // One conditional insert: of two requests with the same payload at the same moment only one wins.
      const inserted = await db
        .insertInto('captcha_used')
        .values({ mandant_id: mandantId, signature, expires_at: expiresAt })
        .onConflict((conflict) => conflict.columns(['mandant_id', 'signature']).doNothing())
        .returning('signature')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
