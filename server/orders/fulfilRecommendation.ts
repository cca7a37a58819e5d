import type { Kysely } from 'kysely';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';
import { FULFILLED_REWARD_STATUSES } from '../lifecycle/rewardMachine.ts';
import type { OrderDeps } from './OrderDeps.ts';

/**
 * A released recommendation becomes Gezahlt once every reward of it is paid out or delivered (a reward
 * that lapsed or was cancelled does not hold it back). Called after each payout or delivery.
 */
export async function fulfilRecommendationIfDone(
  trx: Kysely<DatabaseSchema>,
  deps: Pick<OrderDeps, 'lifecycle'>,
  mandantId: string,
  recommendationId: string,
  actor: LifecycleActor,
): Promise<void> {
  const rewards = await trx
    .selectFrom('praemierung')
    .select('status')
    .where('mandant_id', '=', mandantId)
    .where('recommendation_id', '=', recommendationId)
    .where('order_id', 'is not', null)
    .execute();
  const open = rewards.filter((reward) => reward.status === 'Offen' || reward.status === 'Bereitgestellt');
  const fulfilled = rewards.some((reward) => FULFILLED_REWARD_STATUSES.includes(reward.status));
  if (open.length > 0 || !fulfilled) return;
  await deps.lifecycle.recommendation(trx, {
    mandantId,
    recommendationId,
    reason: 'reward.fulfilled',
    actor,
  });
}
