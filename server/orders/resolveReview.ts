import type { Kysely } from 'kysely';
import type { IntegrationEventResponse } from '../../schemas/integration.ts';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { OrderDeps } from './OrderDeps.ts';
import { releaseOrder } from './releaseOrder.ts';
import { stopRecommendation } from './stopRecommendation.ts';

/**
 * Resolves the review of a flagged order (issue 13; the back office's screens call the same): approved,
 * it is released like any other once the claim period is over (now, if it already is); rejected, the
 * fraud is confirmed and the recommendation and its rewards become Storniert.
 */
export async function resolveReview(
  trx: Kysely<DatabaseSchema>,
  deps: OrderDeps,
  mandant: LoadedMandant,
  auftragsnummer: string,
  decision: 'freigeben' | 'ablehnen',
  actor: LifecycleActor,
): Promise<IntegrationEventResponse> {
  const order = await trx
    .selectFrom('customer_order')
    .select(['id', 'recommendation_id', 'review', 'fraud_reasons'])
    .where('mandant_id', '=', mandant.id)
    .where('external_order_id', '=', auftragsnummer)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new ApiProblem('PSOF0508');
  if (order.review !== 'pending') throw new ApiProblem('PSOF0513');
  const review = decision === 'freigeben' ? 'approved' : 'rejected';
  await trx.updateTable('customer_order').set({ review }).where('id', '=', order.id).execute();
  if (review === 'approved') {
    await releaseOrder(trx, deps, mandant, order.id);
  } else {
    await stopRecommendation(trx, deps, {
      mandantId: mandant.id,
      recommendationId: order.recommendation_id,
      reason: 'fraud.confirmed',
      actor,
      orderId: order.id,
    });
  }
  const recommendation = await trx
    .selectFrom('recommendation')
    .select(['empfehlungsnummer', 'status'])
    .where('id', '=', order.recommendation_id)
    .executeTakeFirstOrThrow();
  return {
    Typ: 'order.placed',
    Empfehlungsnummer: recommendation.empfehlungsnummer,
    Auftragsnummer: auftragsnummer,
    Empfehlungsstatus: recommendation.status,
    Pruefung: review,
    Pruefgruende: order.fraud_reasons,
  };
}
