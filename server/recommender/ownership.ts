import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

/** A Kysely instance or a transaction of one. */
export type Db = Kysely<DatabaseSchema>;

/** Whose data a query reads: always one account of one mandant. */
export interface Owner {
  mandantId: string;
  accountId: string;
  /** The account's e-mail (normalised). */
  email: string;
}

/**
 * The ids of the owner's recommendations: those made while logged in (account_id), and those made before
 * with the same e-mail and no account (SPEC: the user's recommendations) — always within the mandant, so
 * the same address at another mandant never matches.
 */
export function ownedRecommendationIds(db: Db, owner: Owner) {
  return db
    .selectFrom('recommendation')
    .select('recommendation.id')
    .where('recommendation.mandant_id', '=', owner.mandantId)
    .where((eb) =>
      eb.or([
        eb('recommendation.account_id', '=', owner.accountId),
        eb.and([
          eb('recommendation.account_id', 'is', null),
          eb('recommendation.empfehler_email', '=', owner.email),
        ]),
      ]),
    );
}
