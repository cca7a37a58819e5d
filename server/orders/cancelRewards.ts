import type { Kysely } from 'kysely';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';
import type { OrderDeps } from './OrderDeps.ts';

/** Cancels every reward of the recommendation that is not paid, collected or over yet. */
export async function cancelRewards(
  trx: Kysely<DatabaseSchema>,
  deps: Pick<OrderDeps, 'lifecycle'>,
  mandantId: string,
  recommendationId: string,
  reason: 'order.cancelled' | 'fraud.confirmed',
  actor: LifecycleActor,
): Promise<void> {
  const rewards = await trx
    .selectFrom('praemierung')
    .select('id')
    .where('mandant_id', '=', mandantId)
    .where('recommendation_id', '=', recommendationId)
    .where('status', 'in', ['Offen', 'Bereitgestellt'])
    .execute();
  for (const reward of rewards) {
    await deps.lifecycle.reward(trx, { mandantId, praemierungId: reward.id, reason, actor });
  }
}
