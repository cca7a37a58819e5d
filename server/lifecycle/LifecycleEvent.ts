import type { Kysely } from 'kysely';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';

/**
 * One stored transition (a row of lifecycle_event) as listeners get it, inside the transaction that made
 * it: webhooks and notification mails are written in that transaction too (outbox), so a rolled-back
 * change sends nothing and a committed one never loses its message.
 */
export interface LifecycleEvent {
  id: string;
  mandantId: string;
  recommendationId: string;
  empfehlungsnummer: string;
  /** Set for a reward's transition. */
  praemierungId: string | null;
  orderId: string | null;
  subject: 'recommendation' | 'reward';
  from: string | null;
  to: string;
  reason: string;
  actor: LifecycleActor;
  occurredAt: Date;
}

/** Runs in the transaction of the transition; throwing rolls the transition back. */
export type LifecycleListener = (trx: Kysely<DatabaseSchema>, event: LifecycleEvent) => Promise<void>;
