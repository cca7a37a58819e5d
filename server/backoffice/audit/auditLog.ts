import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';

/** Who acted: the back-office user (id and e-mail, the e-mail kept even if the user is deleted later). */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  mandantId: string;
  actor: AuditActor;
  /** What was done, dotted: `order.confirmed`, `payoutRun.created`, `apiKey.rotated`, `login.succeeded` … */
  action: string;
  /** The kind of record (`order`, `payoutRun`, `apiKey`, `backofficeUser` …) and its id. */
  subjectType: string;
  subjectId: string;
  /** The record (or the changed fields) before and after; never a secret, never a password. */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit entry (issue 15: every back-office action, who, what, when, before and after). Call it
 * with the action's own transaction, so an action and its entry are written together or not at all.
 */
export async function recordAudit(db: Kysely<DatabaseSchema>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      mandant_id: entry.mandantId,
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
