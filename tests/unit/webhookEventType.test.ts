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
  it.each<[string, Partial<LifecycleEvent>, WebhookEventType | null]>([
    ['recommendation made', { from: null, to: 'Offen', reason: 'recommendation.created' }, 'recommendation.created'],
    ['recipient confirmed data and consent', { from: 'Offen', to: 'Ok', reason: 'recipient.confirmed' }, 'recipient.confirmed'],
    ['order through the recommendation', { from: 'Ok', to: 'Ok', reason: 'order.attributed' }, 'order.attributed'],
    ['order attributed while still Offen', { from: 'Offen', to: 'Ok', reason: 'order.attributed' }, 'order.attributed'],
    ['contract concluded: not told', { from: 'Ok', to: 'Ok', reason: 'contract.concluded' }, null],
    ['released after the claim period', { from: 'Ok', to: 'Freigegeben', reason: 'order.released' }, 'recommendation.released'],
    ['cancelled order', { from: 'Ok', to: 'Storniert', reason: 'order.cancelled' }, 'recommendation.cancelled'],
    ['fraud confirmed', { from: 'Offen', to: 'Storniert', reason: 'fraud.confirmed' }, 'recommendation.cancelled'],
    ['ordered through another channel', { from: 'Ok', to: 'Storniert', reason: 'order.other_channel' }, 'recommendation.cancelled'],
    ['already a customer', { from: 'Offen', to: 'Storniert', reason: 'recipient.already_customer' }, 'recommendation.cancelled'],
    ['released, then cancelled', { from: 'Freigegeben', to: 'Storniert', reason: 'order.cancelled' }, 'recommendation.cancelled'],
    ['every reward fulfilled (Gezahlt): told per reward instead', { from: 'Freigegeben', to: 'Gezahlt', reason: 'reward.fulfilled' }, null],
    ['link expired', { from: 'Offen', to: 'Abgelaufen', reason: 'link.expired' }, null],
    ['data expired', { from: 'Offen', to: 'Abgelaufen', reason: 'data.expired' }, null],
    ['unknown reason', { from: 'Ok', to: 'Ok', reason: 'something.else' }, null],
    ['a reason that is a prototype key', { from: 'Ok', to: 'Ok', reason: 'constructor' }, null],
  ])('recommendation: %s', (_case, overrides, expected) => {
    expect(webhookEventTypeOf(event(overrides))).toBe(expected);
  });

  it.each<[string, Partial<LifecycleEvent>, WebhookEventType | null]>([
    ['created', { from: null, to: 'Offen', reason: 'reward.created' }, null],
    ['provided on release', { from: 'Offen', to: 'Bereitgestellt', reason: 'order.released' }, null],
    ['paid out by a payout run', { from: 'Bereitgestellt', to: 'Ausgezahlt', reason: 'payout.executed' }, 'reward.paid'],
    ['voucher delivered', { from: 'Bereitgestellt', to: 'Abgeholt', reason: 'voucher.delivered' }, 'reward.paid'],
    ['reward in kind collected', { from: 'Bereitgestellt', to: 'Abgeholt', reason: 'reward.collected' }, 'reward.paid'],
    ['cancelled: the recommendation’s cancellation tells it', { from: 'Offen', to: 'Storniert', reason: 'order.cancelled' }, null],
    ['not chosen in time', { from: 'Bereitgestellt', to: 'Abgelaufen', reason: 'choice.expired' }, null],
    ['a reward event with a recommendation reason', { from: 'Offen', to: 'Offen', reason: 'recommendation.created' }, null],
  ])('reward: %s', (_case, overrides, expected) => {
    expect(webhookEventTypeOf(event({ subject: 'reward', praemierungId: REWARD_ID, ...overrides }))).toBe(
      expected,
    );
  });
});

describe('webhookPayload — Standard Webhooks body: type, timestamp, data; identifiers only', () => {
  it('tells a recommendation’s event without a reward id', () => {
    expect(webhookPayload(event({ from: null, to: 'Offen', reason: 'recommendation.created' }))).toStrictEqual({
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
