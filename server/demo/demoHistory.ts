import type { PraemierungStatus, RecommendationStatus } from '../db/DatabaseSchema.ts';

export interface DemoEvent {
  reward: boolean;
  from: string | null;
  to: string;
  reason: string;
  actor: 'recommender' | 'recipient' | 'client_api' | 'system';
  /** Days after the recommendation was made. */
  afterDays: number;
}

/**
 * The timeline a demo recommendation would have had to reach its seeded status (docs/lifecycle.md), so the
 * demo dashboard shows whole timelines. The seeded rows skip the state machine (they are fixtures); these
 * events follow its transitions, spread over the recommendation's age.
 */
export function demoHistory(
  status: RecommendationStatus,
  reward: PraemierungStatus | null,
  ageDays: number,
): DemoEvent[] {
  const at = (share: number) => Math.round(ageDays * share * 10) / 10;
  const events: DemoEvent[] = [
    {
      reward: false,
      from: null,
      to: 'Offen',
      reason: 'recommendation.created',
      actor: 'recommender',
      afterDays: 0,
    },
  ];
  if (status === 'Abgelaufen') {
    events.push({
      reward: false,
      from: 'Offen',
      to: 'Abgelaufen',
      reason: 'link.expired',
      actor: 'system',
      afterDays: at(1),
    });
    return events;
  }
  if (status === 'Offen') return events;
  events.push({
    reward: false,
    from: 'Offen',
    to: 'Ok',
    reason: 'recipient.confirmed',
    actor: 'recipient',
    afterDays: at(0.1),
  });
  if (reward === null && status === 'Ok') return events;
  events.push({
    reward: false,
    from: 'Ok',
    to: 'Ok',
    reason: 'order.attributed',
    actor: 'client_api',
    afterDays: at(0.2),
  });
  if (reward !== null) {
    events.push({
      reward: true,
      from: null,
      to: 'Offen',
      reason: 'reward.created',
      actor: 'client_api',
      afterDays: at(0.2),
    });
  }
  if (status === 'Storniert') {
    events.push({
      reward: false,
      from: 'Ok',
      to: 'Storniert',
      reason: 'order.cancelled',
      actor: 'client_api',
      afterDays: at(0.5),
    });
    if (reward !== null) {
      events.push({
        reward: true,
        from: 'Offen',
        to: 'Storniert',
        reason: 'order.cancelled',
        actor: 'client_api',
        afterDays: at(0.5),
      });
    }
    return events;
  }
  if (status === 'Ok') return events;
  events.push({
    reward: false,
    from: 'Ok',
    to: 'Ok',
    reason: 'contract.concluded',
    actor: 'client_api',
    afterDays: at(0.3),
  });
  events.push({
    reward: false,
    from: 'Ok',
    to: 'Freigegeben',
    reason: 'order.released',
    actor: 'system',
    afterDays: at(0.6),
  });
  if (reward !== null && reward !== 'Offen') {
    events.push({
      reward: true,
      from: 'Offen',
      to: 'Bereitgestellt',
      reason: 'order.released',
      actor: 'system',
      afterDays: at(0.6),
    });
  }
  if (reward === 'Ausgezahlt' || reward === 'Abgeholt') {
    const reason = reward === 'Ausgezahlt' ? 'payout.executed' : 'voucher.delivered';
    events.push({
      reward: true,
      from: 'Bereitgestellt',
      to: reward,
      reason,
      actor: 'system',
      afterDays: at(0.9),
    });
  }
  if (reward === 'Abgelaufen') {
    events.push({
      reward: true,
      from: 'Bereitgestellt',
      to: 'Abgelaufen',
      reason: 'choice.expired',
      actor: 'system',
      afterDays: at(0.9),
    });
  }
  if (status === 'Gezahlt') {
    events.push({
      reward: false,
      from: 'Freigegeben',
      to: 'Gezahlt',
      reason: 'reward.fulfilled',
      actor: 'system',
      afterDays: at(0.9),
    });
  }
  return events;
}
