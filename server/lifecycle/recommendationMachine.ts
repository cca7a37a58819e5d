import type { RecommendationStatus } from '../db/DatabaseSchema.ts';

/**
 * What can happen to a recommendation (issue 13; SPEC 3 names the statuses, not the transitions). Each
 * reason is also the reason code stored with the event and shown on the recommender's timeline.
 */
export type RecommendationReason =
  /** The recommender made it (the first event of every recommendation). */
  | 'recommendation.created'
  /** The recipient confirmed data and consent (PUT /empfaenger/zustimmung). */
  | 'recipient.confirmed'
  /** An order came in through the recommendation (link, code, agent). */
  | 'order.attributed'
  /** The client confirmed the contract; the claim period is still running. */
  | 'contract.concluded'
  /** Contract confirmed, claim period over, no review open: the rewards are provided. */
  | 'order.released'
  /** Every reward of the recommendation was paid out or delivered. */
  | 'reward.fulfilled'
  /** The client cancelled the order or the contract was withdrawn. */
  | 'order.cancelled'
  /** A review confirmed a fraud flag. */
  | 'fraud.confirmed'
  /** The recipient ordered through another channel (hotline): not rewarded (SPEC 1). */
  | 'order.other_channel'
  /** The recipient is already a customer: not rewarded. */
  | 'recipient.already_customer'
  /** Nobody followed the link within 60 days (SPEC 9). */
  | 'link.expired'
  /** The recipient's data was not confirmed within 12 weeks (SPEC 1, 9). */
  | 'data.expired';

interface Transition {
  /** `null` is "does not exist yet". */
  from: readonly (RecommendationStatus | null)[];
  to: RecommendationStatus;
}

/**
 * The recommendation's state machine, drawn in docs/lifecycle.md. A reason not listed for the current
 * status is refused: the caller answers 409 with a catalogue code, never 500.
 */
export const RECOMMENDATION_TRANSITIONS: Readonly<Record<RecommendationReason, Transition>> = {
  'recommendation.created': { from: [null], to: 'Offen' },
  'recipient.confirmed': { from: ['Offen'], to: 'Ok' },
  'order.attributed': { from: ['Offen', 'Ok'], to: 'Ok' },
  'contract.concluded': { from: ['Ok'], to: 'Ok' },
  'order.released': { from: ['Ok'], to: 'Freigegeben' },
  'reward.fulfilled': { from: ['Freigegeben'], to: 'Gezahlt' },
  'order.cancelled': { from: ['Offen', 'Ok', 'Freigegeben'], to: 'Storniert' },
  'fraud.confirmed': { from: ['Offen', 'Ok'], to: 'Storniert' },
  'order.other_channel': { from: ['Offen', 'Ok'], to: 'Storniert' },
  'recipient.already_customer': { from: ['Offen', 'Ok'], to: 'Storniert' },
  'link.expired': { from: ['Offen'], to: 'Abgelaufen' },
  'data.expired': { from: ['Offen'], to: 'Abgelaufen' },
};

export type TransitionResult<S> = { ok: true; to: S } | { ok: false; from: S };

/** The status a reason leads to from `from`, or a refusal. Pure: the table above is the whole rule. */
export function nextRecommendationStatus(
  from: RecommendationStatus | null,
  reason: RecommendationReason,
): TransitionResult<RecommendationStatus | null> {
  const transition = RECOMMENDATION_TRANSITIONS[reason];
  return transition.from.includes(from) ? { ok: true, to: transition.to } : { ok: false, from };
}

/** Statuses nothing leads out of. */
export const FINAL_RECOMMENDATION_STATUSES: readonly RecommendationStatus[] = [
  'Gezahlt',
  'Storniert',
  'Abgelaufen',
];
