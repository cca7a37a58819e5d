import type { Kysely } from 'kysely';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { cancelProfiCommissions } from '../profi/commissions/profiCommissions.ts';
import type { OrderDeps } from './OrderDeps.ts';

/**
 * Ends a recommendation for good (Storniert) and cancels every reward of it that is not paid, collected or
 * over yet, and a profi-seller's pending commission. A status the machine does not allow it from (Gezahlt, Abgelaufen …) is 409 PSOF0509 and, by
 * throwing, rolls back whatever the caller did in the transaction.
 */
export async function stopRecommendation(
  trx: Kysely<DatabaseSchema>,
  deps: Pick<OrderDeps, 'lifecycle' | 'now'>,
  input: {
    mandantId: string;
    recommendationId: string;
    reason: 'order.cancelled' | 'fraud.confirmed' | 'recipient.already_customer';
    actor: LifecycleActor;
    orderId?: string;
  },
): Promise<void> {
  const outcome = await deps.lifecycle.recommendation(trx, input);
  if (!outcome.applied) throw new ApiProblem('PSOF0509');
  // A profi-seller's pending commission is cancelled with the order (issue 16).
  await cancelProfiCommissions(trx, input.mandantId, input.recommendationId, deps.now());
  const rewards = await trx
    .selectFrom('praemierung')
    .select('id')
    .where('mandant_id', '=', input.mandantId)
    .where('recommendation_id', '=', input.recommendationId)
    .where('status', 'in', ['Offen', 'Bereitgestellt'])
    .execute();
  const rewardReason = input.reason === 'fraud.confirmed' ? 'fraud.confirmed' : 'order.cancelled';
  for (const reward of rewards) {
    await deps.lifecycle.reward(trx, {
      mandantId: input.mandantId,
      praemierungId: reward.id,
      reason: rewardReason,
      actor: input.actor,
      ...(input.orderId ? { orderId: input.orderId } : {}),
    });
  }
}
