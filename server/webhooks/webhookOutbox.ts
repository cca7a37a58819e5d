import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DatabaseSchema, WebhookDeliveryTable } from '../db/DatabaseSchema.ts';

/** A Kysely instance or a transaction of one: the listener inserts in the transition's transaction. */
export type Executor = Kysely<DatabaseSchema>;

/** One claimed row of `webhook_delivery`, as the worker sends it. */
export interface WebhookDelivery {
  /** The message id: the `webhook-id` header, the same on every attempt, so receivers can drop repeats. */
  id: string;
  mandantId: string;
  endpointUrl: string;
  eventType: string;
  payload: unknown;
  /** Attempts so far, this one included (the claim counts it). */
  attempts: number;
}

export interface NewWebhookDelivery {
  mandantId: string;
  endpointUrl: string;
  eventType: string;
  payload: unknown;
}

export interface WebhookAttempt {
  deliveryId: string;
  /** The receiver's status code; null when no answer came (network error, timeout, not configured). */
  httpStatus: number | null;
  /** Kind of failure (`not_configured`, an error name or code); null for an answer. */
  error: string | null;
  durationMs: number;
}

/** While one instance sends a claimed delivery, the others leave it alone this long (≫ the 10 s timeout). */
export const CLAIM_LEASE_SECONDS = 120;
/** After this many failed attempts (about six and a half hours of back-off) a delivery is kept as `failed`. */
export const MAX_ATTEMPTS = 15;

/**
 * Seconds to wait before attempt `attempts + 1`: 10 s doubling per failure, at most an hour. A receiver
 * restarting for a minute is caught up at once; one that is down for hours is not hammered.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** `msg_` and 24 url-safe characters (144 random bits), as Standard Webhooks' examples name messages. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

export async function insertDeliveries(db: Executor, rows: readonly NewWebhookDelivery[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('webhook_delivery')
    .values(
      rows.map((row) => ({
        id: newMessageId(),
        mandant_id: row.mandantId,
        endpoint_url: row.endpointUrl,
        event_type: row.eventType,
        payload: JSON.stringify(row.payload),
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/**
 * Takes up to `limit` due deliveries for this instance in one statement: SKIP LOCKED lets another instance
 * claiming at the same moment take other rows, and the lease pushes their next attempt past the send, so
 * no one else picks them up meanwhile. An instance that dies mid-send leaves the lease to run out and the
 * delivery is sent again: at least once, never lost.
 */
export async function claimDueDeliveries(db: Executor, limit: number): Promise<WebhookDelivery[]> {
  const rows = await db
    .updateTable('webhook_delivery')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_delivery')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'mandant_id', 'endpoint_url', 'event_type', 'payload', 'attempts'])
    .execute();
  return rows.map(toDelivery);
}

export async function markDelivered(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('webhook_delivery')
    .set({ status: 'delivered', delivered_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: back off, or give up after MAX_ATTEMPTS (the row stays, marked `failed`). */
export async function markFailed(
  db: Executor,
  delivery: Pick<WebhookDelivery, 'id' | 'attempts'>,
): Promise<void> {
  const giveUp = delivery.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('webhook_delivery')
    .set(
      giveUp
        ? { status: 'failed' }
        : {
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(delivery.attempts)})`,
          },
    )
    .where('id', '=', delivery.id)
    .execute();
}

export async function recordAttempt(db: Executor, attempt: WebhookAttempt): Promise<void> {
  await db
    .insertInto('webhook_attempt')
    .values({
      delivery_id: attempt.deliveryId,
      http_status: attempt.httpStatus,
      error: attempt.error,
      duration_ms: Math.round(attempt.durationMs),
    })
    .execute();
}

type ClaimedRow = Pick<
  Selectable<WebhookDeliveryTable>,
  'id' | 'mandant_id' | 'endpoint_url' | 'event_type' | 'payload' | 'attempts'
>;

function toDelivery(row: ClaimedRow): WebhookDelivery {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    endpointUrl: row.endpoint_url,
    eventType: row.event_type,
    payload: row.payload,
    attempts: row.attempts,
  };
}
