import type { Kysely } from 'kysely';
import { CONTACT_MESSAGE_RETENTION_WEEKS, type ContactRequest } from '../../schemas/contentContact.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Stores a contact message (migration 0006) with its deletion date; answers its id. */
export async function insertContactMessage(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  message: ContactRequest,
  language: string,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('contact_message')
    .values({
      mandant_id: mandantId,
      name: message.Name.trim(),
      email: message.Email.trim(),
      subject: message.Betreff.trim(),
      message: message.Nachricht.trim(),
      language,
      delete_after: new Date(now.getTime() + CONTACT_MESSAGE_RETENTION_WEEKS * WEEK_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markContactMessageMailed(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('contact_message')
    .set({ mailed_at: now })
    .where('mandant_id', '=', mandantId)
    .where('id', '=', id)
    .execute();
}

/** Deletes messages past their date (personal data is kept no longer than the privacy policy says). */
export async function purgeContactMessages(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('contact_message')
    .where('mandant_id', '=', mandantId)
    .where('delete_after', '<', now)
    .execute();
}
