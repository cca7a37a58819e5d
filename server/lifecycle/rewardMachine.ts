import type { PraemierungStatus } from '../db/DatabaseSchema.ts';
import type { TransitionResult } from './recommendationMachine.ts';

/** What can happen to a reward (Praemierung). Also the reason code stored with the event. */
export type RewardReason =
  /** Created with the attributed order, value from the Praemie active on the order date. */
  | 'reward.created'
  /** The recommendation was released: the reward can be collected (reward mail with the token link). */
  | 'order.released'
  /** A payout run with this cash reward was executed. */
  | 'payout.executed'
  /** The voucher code was mailed (SPEC 9: within 24 hours). */
  | 'voucher.delivered'
  /** A reward in kind was chosen and so collected. */
  | 'reward.collected'
  | 'order.cancelled'
  | 'fraud.confirmed'
  /** Not chosen within the mandant's period (programme.rewardChoiceDays). */
  | 'choice.expired';

interface Transition {
  from: readonly (PraemierungStatus | null)[];
  to: PraemierungStatus;
}

/** The reward's state machine, drawn in docs/lifecycle.md. `null` is "does not exist yet". */
export const REWARD_TRANSITIONS: Readonly<Record<RewardReason, Transition>> = {
  'reward.created': { from: [null], to: 'Offen' },
  'order.released': { from: ['Offen'], to: 'Bereitgestellt' },
  'payout.executed': { from: ['Bereitgestellt'], to: 'Ausgezahlt' },
  'voucher.delivered': { from: ['Bereitgestellt'], to: 'Abgeholt' },
  'reward.collected': { from: ['Bereitgestellt'], to: 'Abgeholt' },
  'order.cancelled': { from: ['Offen', 'Bereitgestellt'], to: 'Storniert' },
  'fraud.confirmed': { from: ['Offen', 'Bereitgestellt'], to: 'Storniert' },
  'choice.expired': { from: ['Bereitgestellt'], to: 'Abgelaufen' },
};

export function nextRewardStatus(
  from: PraemierungStatus | null,
  reason: RewardReason,
): TransitionResult<PraemierungStatus | null> {
  const transition = REWARD_TRANSITIONS[reason];
  return transition.from.includes(from) ? { ok: true, to: transition.to } : { ok: false, from };
}

/** A reward that reached one of these is fulfilled (counts towards the recommendation's Gezahlt). */
export const FULFILLED_REWARD_STATUSES: readonly PraemierungStatus[] = ['Ausgezahlt', 'Abgeholt'];
