import type { WebhookEventType } from '../../schemas/api.ts';
import type { LifecycleEvent } from '../lifecycle/LifecycleEvent.ts';

/** The body of one webhook (Standard Webhooks: `type`, `timestamp`, `data`). Identifiers only, no person. */
export interface WebhookPayload {
  type: WebhookEventType;
  /** When the event happened (ISO 8601); the time of the attempt is the `webhook-timestamp` header. */
  timestamp: string;
  data: {
    mandant: string;
    empfehlungsnummer: string;
    /** The status the transition led to (the recommendation's, or the reward's for reward.paid). */
    status: string;
    /** The lifecycle reason code (server/lifecycle/recommendationMachine.ts, rewardMachine.ts). */
    reason: string;
    /** Only for a reward's event. */
    praemierungId?: string;
    occurredAt: string;
  };
}

/** Reasons of a recommendation's transition told as they are (a Map: no reason can hit a prototype key). */
const RECOMMENDATION_REASONS: ReadonlyMap<string, WebhookEventType> = new Map<string, WebhookEventType>([
  ['recommendation.created', 'recommendation.created'],
  ['recipient.confirmed', 'recipient.confirmed'],
  ['order.attributed', 'order.attributed'],
]);

/** The webhook a lifecycle transition is told as, or null when the clients' systems are not told of it. */
export function webhookEventTypeOf(event: LifecycleEvent): WebhookEventType | null {
  if (event.subject === 'reward') {
    return event.to === 'Ausgezahlt' || event.to === 'Abgeholt' ? 'reward.paid' : null;
  }
  // A cancellation is one event for the receiver, whichever of the reasons (order, fraud, channel) led to it.
  if (event.to === 'Storniert') return 'recommendation.cancelled';
  if (event.to === 'Freigegeben') return 'recommendation.released';
  return RECOMMENDATION_REASONS.get(event.reason) ?? null;
}

/** The JSON body for a lifecycle event, or null when it has no webhook. */
export function webhookPayload(event: LifecycleEvent): WebhookPayload | null {
  const type = webhookEventTypeOf(event);
  if (!type) return null;
  const occurredAt = event.occurredAt.toISOString();
  return {
    type,
    timestamp: occurredAt,
    data: {
      mandant: event.mandantId,
      empfehlungsnummer: event.empfehlungsnummer,
      status: event.to,
      reason: event.reason,
      ...(event.praemierungId ? { praemierungId: event.praemierungId } : {}),
      occurredAt,
    },
  };
}
