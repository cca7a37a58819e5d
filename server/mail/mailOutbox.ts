import { type Kysely, type Selectable, sql } from 'kysely';
import type { DatabaseSchema, MailOutboxTable, MailStatus } from '../db/DatabaseSchema.ts';

/** One row of the outbox as the mail module works with it. */
export interface OutboxMail {
  id: string;
  mandantId: string;
  recipient: string;
  language: string;
  template: string;
  subject: string;
  /** Null once delivered. */
  text: string | null;
  html: string | null;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface NewOutboxMail {
  mandantId: string;
  recipient: string;
  language: string;
  template: string;
  subject: string;
  text: string;
  html: string;
}

/** A Kysely instance or a transaction of one: `enqueue` joins the caller's transaction. */
export type Executor = Kysely<DatabaseSchema>;

/** While one instance sends a claimed mail, the others leave it alone for this long. */
export const CLAIM_LEASE_SECONDS = 120;
/** After this many failed attempts (about a day of back-off) a mail is kept as `failed` and not retried. */
export const MAX_ATTEMPTS = 20;

/**
 * Seconds to wait before attempt `attempts + 1`: 30 s doubling per failure, at most an hour. A relay that
 * is down for minutes is caught up quickly; one that is down for a day is not hammered.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export function insertMail(db: Executor, mail: NewOutboxMail): Promise<{ id: string }> {
  return db
    .insertInto('mail_outbox')
    .values({
      mandant_id: mail.mandantId,
      recipient: mail.recipient,
      language: mail.language,
      template: mail.template,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Takes up to `limit` due mails for this instance in one statement: the rows are locked with SKIP LOCKED
 * (another instance claiming at the same moment takes other rows) and their next attempt is pushed past
 * the lease, so no one else picks them up while they are being sent. An instance that dies mid-send
 * leaves the lease to run out; the mail is then sent again — at least once, never lost.
 */
export async function claimDueMails(db: Executor, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .updateTable('mail_outbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  return rows.map(toOutboxMail);
}

/** Delivered: the bodies go (they hold working links), the fact and time stay. */
export async function markSent(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: sql<Date>`now()`, text_body: null, html_body: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: back off, or give up after MAX_ATTEMPTS (the row stays, marked `failed`). */
export async function markFailed(db: Executor, mail: OutboxMail, error: string): Promise<void> {
  const giveUp = mail.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('mail_outbox')
    .set({
      last_error: error,
      ...(giveUp
        ? { status: 'failed' as const }
        : {
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})`,
          }),
    })
    .where('id', '=', mail.id)
    .execute();
}

/** Delivered rows older than `days` are deleted: the outbox is not an archive of who got mail. */
export async function purgeSent(db: Executor, days: number): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .execute();
}

export async function listMails(db: Executor, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toOutboxMail);
}

export async function findMail(db: Executor, id: string): Promise<OutboxMail | undefined> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOutboxMail(row);
}

/** Every mail to an address of a mandant, e.g. when the person's account is erased (GDPR Art. 17). */
export async function deleteMailsTo(db: Executor, mandantId: string, recipient: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('mandant_id', '=', mandantId)
    .where('recipient', '=', recipient)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toOutboxMail(row: Selectable<MailOutboxTable>): OutboxMail {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    recipient: row.recipient,
    language: row.language,
    template: row.template,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}
