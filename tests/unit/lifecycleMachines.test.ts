import { describe, expect, it } from 'vitest';
import type { PraemierungStatus, RecommendationStatus } from '../../server/db/DatabaseSchema.ts';
import {
  nextRecommendationStatus,
  RECOMMENDATION_TRANSITIONS,
  type RecommendationReason,
} from '../../server/lifecycle/recommendationMachine.ts';
import {
  nextRewardStatus,
  REWARD_TRANSITIONS,
  type RewardReason,
} from '../../server/lifecycle/rewardMachine.ts';

const RECOMMENDATION: readonly (RecommendationStatus | null)[] = [
  null,
  'Offen',
  'Ok',
  'Freigegeben',
  'Gezahlt',
  'Storniert',
  'Abgelaufen',
];
const REWARD: readonly (PraemierungStatus | null)[] = [
  null,
  'Offen',
  'Bereitgestellt',
  'Ausgezahlt',
  'Abgeholt',
  'Storniert',
  'Abgelaufen',
];

/**
 * Issue 13 (SPEC 3 names the statuses, docs/lifecycle.md draws the machines): every allowed transition,
 * and — by listing them all — every other pair is refused.
 */
describe('recommendation state machine', () => {
  const allowed: [RecommendationStatus | null, RecommendationReason, RecommendationStatus][] = [
    [null, 'recommendation.created', 'Offen'],
    ['Offen', 'recipient.confirmed', 'Ok'],
    ['Offen', 'order.attributed', 'Ok'],
    ['Ok', 'order.attributed', 'Ok'],
    ['Ok', 'contract.concluded', 'Ok'],
    ['Ok', 'order.released', 'Freigegeben'],
    ['Freigegeben', 'reward.fulfilled', 'Gezahlt'],
    ['Offen', 'order.cancelled', 'Storniert'],
    ['Ok', 'order.cancelled', 'Storniert'],
    ['Freigegeben', 'order.cancelled', 'Storniert'],
    ['Offen', 'fraud.confirmed', 'Storniert'],
    ['Ok', 'fraud.confirmed', 'Storniert'],
    ['Offen', 'order.other_channel', 'Storniert'],
    ['Ok', 'order.other_channel', 'Storniert'],
    ['Offen', 'recipient.already_customer', 'Storniert'],
    ['Ok', 'recipient.already_customer', 'Storniert'],
    // SPEC 9: 60 days to follow the link; SPEC 1: data not confirmed in 12 weeks.
    ['Offen', 'link.expired', 'Abgelaufen'],
    ['Offen', 'data.expired', 'Abgelaufen'],
  ];

  it.each(allowed)('%s --%s--> %s', (from, reason, to) => {
    expect(nextRecommendationStatus(from, reason)).toEqual({ ok: true, to });
  });

  it('refuses every other pair (cancel after payment, confirm after expiry, release before the order …)', () => {
    const reasons = Object.keys(RECOMMENDATION_TRANSITIONS) as RecommendationReason[];
    const refused: string[] = [];
    for (const from of RECOMMENDATION) {
      for (const reason of reasons) {
        const listed = allowed.some(([f, r]) => f === from && r === reason);
        const result = nextRecommendationStatus(from, reason);
        expect(result.ok).toBe(listed);
        if (!result.ok) refused.push(`${from}:${reason}`);
      }
    }
    expect(refused).toContain('Gezahlt:order.cancelled');
    expect(refused).toContain('Abgelaufen:recipient.confirmed');
    expect(refused).toContain('Offen:order.released');
  });

  it('nothing leads out of Gezahlt, Storniert or Abgelaufen', () => {
    for (const reason of Object.keys(RECOMMENDATION_TRANSITIONS) as RecommendationReason[]) {
      for (const from of ['Gezahlt', 'Storniert', 'Abgelaufen'] as const) {
        expect(nextRecommendationStatus(from, reason).ok).toBe(false);
      }
    }
  });
});

describe('reward (Praemierung) state machine', () => {
  const allowed: [PraemierungStatus | null, RewardReason, PraemierungStatus][] = [
    [null, 'reward.created', 'Offen'],
    ['Offen', 'order.released', 'Bereitgestellt'],
    ['Bereitgestellt', 'payout.executed', 'Ausgezahlt'],
    ['Bereitgestellt', 'voucher.delivered', 'Abgeholt'],
    ['Bereitgestellt', 'reward.collected', 'Abgeholt'],
    ['Offen', 'order.cancelled', 'Storniert'],
    ['Bereitgestellt', 'order.cancelled', 'Storniert'],
    ['Offen', 'fraud.confirmed', 'Storniert'],
    ['Bereitgestellt', 'fraud.confirmed', 'Storniert'],
    ['Bereitgestellt', 'choice.expired', 'Abgelaufen'],
  ];

  it.each(allowed)('%s --%s--> %s', (from, reason, to) => {
    expect(nextRewardStatus(from, reason)).toEqual({ ok: true, to });
  });

  it('refuses every other pair (pay twice, cancel a paid reward, pay before release …)', () => {
    for (const from of REWARD) {
      for (const reason of Object.keys(REWARD_TRANSITIONS) as RewardReason[]) {
        const listed = allowed.some(([f, r]) => f === from && r === reason);
        expect(nextRewardStatus(from, reason).ok).toBe(listed);
      }
    }
  });
});

describe('demo timelines follow the machines', () => {
  const cases: [RecommendationStatus, PraemierungStatus | null][] = [
    ['Offen', null],
    ['Ok', null],
    ['Ok', 'Offen'],
    ['Freigegeben', 'Bereitgestellt'],
    ['Freigegeben', 'Abgelaufen'],
    ['Gezahlt', 'Ausgezahlt'],
    ['Gezahlt', 'Abgeholt'],
    ['Storniert', 'Storniert'],
    ['Abgelaufen', null],
  ];
  it.each(cases)('%s with reward %s', async (status, reward) => {
    const { demoHistory } = await import('../../server/demo/demoHistory.ts');
    let recommendation: RecommendationStatus | null = null;
    let praemierung: PraemierungStatus | null = null;
    for (const event of demoHistory(status, reward, 40)) {
      if (event.reward) {
        expect(event.from).toBe(praemierung);
        const next = nextRewardStatus(praemierung, event.reason as RewardReason);
        expect(next).toEqual({ ok: true, to: event.to });
        praemierung = event.to as PraemierungStatus;
      } else {
        expect(event.from).toBe(recommendation);
        const next = nextRecommendationStatus(recommendation, event.reason as RecommendationReason);
        expect(next).toEqual({ ok: true, to: event.to });
        recommendation = event.to as RecommendationStatus;
      }
    }
    expect([recommendation, praemierung]).toEqual([status, reward]);
  });
});
