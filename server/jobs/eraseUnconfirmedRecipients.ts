import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

/** Rows per transaction: short locks, and a large backlog is worked off over several rounds. */
const BATCH = 500;

/**
 * SPEC sections 1 and 9: recipient data not confirmed is deleted after 12 weeks (recipient.delete_after).
 * Names, e-mail, bank data and the tracking completion go; the row stays with erased_at, so the
 * recommendation's history (clicks, numbers) keeps its shape without the person. Safe with several
 * instances: rows are claimed with FOR UPDATE SKIP LOCKED, and an erased row no longer matches.
 * The partial index recipient_delete_after keeps the query cheap when nothing is due.
 */
export async function eraseUnconfirmedRecipients(
  db: Kysely<DatabaseSchema>,
  mandantIds: readonly string[],
): Promise<number> {
  let total = 0;
  for (const mandantId of mandantIds) {
    for (;;) {
      const erased = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('recipient')
          .set({
            vorname: null,
            nachname: null,
            email: null,
            iban_encrypted: null,
            iban_fingerprint: null,
            client_fingerprint: null,
            kontoinhaber: null,
            erased_at: sql<Date>`now()`,
          })
          .where('mandant_id', '=', mandantId)
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('recipient')
              .select('id')
              .where('mandant_id', '=', mandantId)
              .where('confirmed_at', 'is', null)
              .where('erased_at', 'is', null)
              .where('delete_after', '<=', sql<Date>`now()`)
              .orderBy('delete_after')
              .limit(BATCH)
              .forUpdate()
              .skipLocked(),
          )
          .returning('id')
          .execute();
        const ids = rows.map((row) => row.id);
        if (ids.length > 0) {
          await trx
            .deleteFrom('tracking_completion')
            .where('mandant_id', '=', mandantId)
            .where('recipient_id', 'in', ids)
            .execute();
        }
        return ids.length;
      });
      total += erased;
      if (erased < BATCH) break;
    }
  }
  return total;
}
