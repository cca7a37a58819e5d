import { describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../schemas/api.ts';
import type { LifecycleEvent } from '../../server/lifecycle/LifecycleEvent.ts';
import { webhookEventTypeOf, webhookPayload } from '../../server/webhooks/webhookEventType.ts';

function event(overrides: Partial<LifecycleEvent>): LifecycleEvent {
  return {
    id: '1',
    mandantId: 'alpha',
    recommendationId: '00000000-0000-4000-8000-000000000001',
    empfehlungsnummer: '4711000001',
    praemierungId: null,
    orderId: null,
    subject: 'recommendation',
    from: 'Offen',
    to: 'Ok',
    reason: 'recipient.confirmed',
    actor: 'system',
    occurredAt: new Date('2025-06-15T10:00:00.000Z'),
    ...overrides,
  };
}

const REWARD_ID = '00000000-0000-4000-8000-0000000000aa';

describe('webhookEventTypeOf — issue 13: which lifecycle transitions the clients’ systems are told of', () => {
  it.each<[string, string, string, WebhookEventType | null]>([
    ['recommendation made', 'Offen', 'recommendation.created', 'recommendation.created'],
    ['recipient confirmed data and consent', 'Ok', 'recipient.confirmed', 'recipient.confirmed'],
    ['order through the recommendation', 'Ok', 'order.attributed', 'order.attributed'],
    ['contract concluded: not told', 'Ok', 'contract.concluded', null],
    ['released after the claim period', 'Freigegeben', 'order.released', 'recommendation.released'],
    ['cancelled order', 'Storniert', 'order.cancelled', 'recommendation.cancelled'],
    ['fraud confirmed', 'Storniert', 'fraud.confirmed', 'recommendation.cancelled'],
    ['ordered through another channel', 'Storniert', 'order.other_channel', 'recommendation.cancelled'],
    ['already a customer', 'Storniert', 'recipient.already_customer', 'recommendation.cancelled'],
    ['every reward fulfilled (Gezahlt): told per reward instead', 'Gezahlt', 'reward.fulfilled', null],
    ['link expired', 'Abgelaufen', 'link.expired', null],
    ['data expired', 'Abgelaufen', 'data.expired', null],
    ['unknown reason', 'Ok', 'something.else', null],
    ['a reason that is a prototype key', 'Ok', 'constructor', null],
  ])('recommendation: %s (→ %s, %s)', (_case, to, reason, expected) => {
    expect(webhookEventTypeOf(event({ to, reason }))).toBe(expected);
  });

  it.each<[string, string, string, WebhookEventType | null]>([
    ['created', 'Offen', 'reward.created', null],
    ['provided on release', 'Bereitgestellt', 'order.released', null],
    ['paid out by a payout run', 'Ausgezahlt', 'payout.executed', 'reward.paid'],
    ['voucher delivered', 'Abgeholt', 'voucher.delivered', 'reward.paid'],
    ['reward in kind collected', 'Abgeholt', 'reward.collected', 'reward.paid'],
    ['cancelled: the recommendation’s cancellation tells it', 'Storniert', 'order.cancelled', null],
    ['not chosen in time', 'Abgelaufen', 'choice.expired', null],
    ['a reward event with a recommendation reason', 'Offen', 'recommendation.created', null],
  ])('reward: %s (→ %s, %s)', (_case, to, reason, expected) => {
    expect(webhookEventTypeOf(event({ subject: 'reward', praemierungId: REWARD_ID, to, reason }))).toBe(
      expected,
    );
  });
});

describe('webhookPayload — Standard Webhooks body: type, timestamp, data; identifiers only', () => {
  it('tells a recommendation’s event without a reward id', () => {
    expect(
      webhookPayload(event({ from: null, to: 'Offen', reason: 'recommendation.created' })),
    ).toStrictEqual({
      type: 'recommendation.created',
      timestamp: '2025-06-15T10:00:00.000Z',
      data: {
        mandant: 'alpha',
        empfehlungsnummer: '4711000001',
        status: 'Offen',
        reason: 'recommendation.created',
        occurredAt: '2025-06-15T10:00:00.000Z',
      },
    });
  });

  it('tells a reward’s event with its reward id and the reward’s status', () => {
    const payload = webhookPayload(
      event({ subject: 'reward', praemierungId: REWARD_ID, to: 'Ausgezahlt', reason: 'payout.executed' }),
    );
    expect(payload?.type).toBe('reward.paid');
    expect(payload?.data).toStrictEqual({
      mandant: 'alpha',
      empfehlungsnummer: '4711000001',
      status: 'Ausgezahlt',
      reason: 'payout.executed',
      praemierungId: REWARD_ID,
      occurredAt: '2025-06-15T10:00:00.000Z',
    });
  });

  it('is null for a transition without a webhook', () => {
    expect(webhookPayload(event({ reason: 'contract.concluded' }))).toBeNull();
  });
});
