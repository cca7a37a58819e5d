import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

type Db = Kysely<DatabaseSchema>;

/** The names a recommender changes in MeineDaten (trimmed and checked by the service). */
export interface PersonalData {
  anrede: string;
  vorname: string;
  nachname: string;
}

/**
 * The personal area's own columns of table `account`: the notification opt-outs and the names of
 * MeineDaten. Every query names the mandant.
 */
export function createRecommenderRepository(db: Db) {
  /** The optional notifications the account turned off. */
  async function notificationOptouts(mandantId: string, accountId: string): Promise<string[]> {
    const row = await db
      .selectFrom('account')
      .select('notification_optouts')
      .where('mandant_id', '=', mandantId)
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.notification_optouts;
  }

  /**
   * Turns one optional notification on or off and answers the opt-outs after the change. One statement:
   * two toggles at once cannot lose each other's change.
   */
  async function setNotification(
    mandantId: string,
    accountId: string,
    art: string,
    on: boolean,
  ): Promise<string[]> {
    const row = await db
      .updateTable('account')
      .set((eb) => ({
        notification_optouts: on
          ? eb.fn<string[]>('array_remove', ['notification_optouts', eb.val(art)])
          : eb.fn<string[]>('array_append', [
              eb.fn<string[]>('array_remove', ['notification_optouts', eb.val(art)]),
              eb.val(art),
            ]),
      }))
      .where('mandant_id', '=', mandantId)
      .where('id', '=', accountId)
      .returning('notification_optouts')
      .executeTakeFirstOrThrow();
    return row.notification_optouts;
  }

  /** MeineDaten: salutation, first and last name. */
  async function updatePersonalData(mandantId: string, accountId: string, data: PersonalData): Promise<void> {
    await db
      .updateTable('account')
      .set({ anrede: data.anrede, vorname: data.vorname, nachname: data.nachname })
      .where('mandant_id', '=', mandantId)
      .where('id', '=', accountId)
      .execute();
  }

  return { notificationOptouts, setNotification, updatePersonalData };
}

export type RecommenderRepository = ReturnType<typeof createRecommenderRepository>;
