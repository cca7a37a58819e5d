import type { Kysely } from 'kysely';
import type { AgencyReleaseWire } from '../../../schemas/agency.ts';
import type { EmpfehlungStatus } from '../../../schemas/personalArea.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { OrderDeps } from '../../orders/OrderDeps.ts';
import { releaseOrder } from '../../orders/releaseOrder.ts';
import { cancelOrderProfiCommission } from '../../profi/commissions/profiCommissions.ts';

export interface AgencyOrderDecision {
  agencyId: string;
  /** The agency user who decides (stored as agency_released_by). */
  userId: string;
  /** customer_order.external_order_id. */
  auftragsnummer: string;
  decision: Exclude<AgencyReleaseWire, 'pending'>;
}

export interface AgencyOrderDecided {
  Auftragsnummer: string;
  Freigabe: AgencyReleaseWire;
  /** The recommendation's status after the decision: Freigegeben when the release took effect at once. */
  Status: EmpfehlungStatus;
}

/**
 * The agency's release or rejection of one of its orders (PUT / DELETE agentur/auftragfreigeben/{a}/{b}).
 *
 * The recommendation's state machine has no transition for the agency's decision itself, and it is not
 * bent to get one: the decision is recorded on the order (`agency_release`, when, by whom). A release then
 * calls `releaseOrder` at once, so an order whose claim period is over becomes Freigegeben now, through the
 * lifecycle (`order.released`, actor agency); otherwise the release sweep does it when the period ends,
 * since it releases agency orders only once the agency has. A rejected order is never released; its
 * recommendation stays where it is (`order.cancelled` and `fraud.confirmed` name other causes, so
 * stopRecommendation does not fit); a profi-seller's pending commission on it is cancelled (it would wait
 * for a release that never comes). Each order is decided once: a second decision is 409.
 */
export async function decideAgencyOrder(
  db: Kysely<DatabaseSchema>,
  deps: OrderDeps,
  mandant: LoadedMandant,
  input: AgencyOrderDecision,
): Promise<AgencyOrderDecided> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('customer_order')
      .select(['id', 'cancelled_at', 'agency_release'])
      .where('mandant_id', '=', mandant.id)
      .where('agency_id', '=', input.agencyId)
      .where('external_order_id', '=', input.auftragsnummer)
      .forUpdate()
      .executeTakeFirst();
    // Unknown, or another agency's (or no agency's) order: the same answer, so nothing leaks.
    if (!order) throw new ApiProblem('PSOF0601');
    if (order.agency_release === 'released') throw new ApiProblem('PSOF0620');
    if (order.agency_release === 'rejected') throw new ApiProblem('PSOF0621');
    if (order.cancelled_at !== null) throw new ApiProblem('PSOF0622');
    await trx
      .updateTable('customer_order')
      .set({
        agency_release: input.decision,
        agency_released_at: deps.now(),
        agency_released_by: input.userId,
      })
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', order.id)
      .execute();
    if (input.decision === 'released') await releaseOrder(trx, deps, mandant, order.id, 'agency');
    else await cancelOrderProfiCommission(trx, mandant.id, order.id, deps.now());
    const after = await trx
      .selectFrom('customer_order as o')
      .innerJoin('recommendation as r', 'r.id', 'o.recommendation_id')
      .select(['o.external_order_id', 'o.agency_release', 'r.status'])
      .where('o.mandant_id', '=', mandant.id)
      .where('o.id', '=', order.id)
      .executeTakeFirstOrThrow();
    return {
      Auftragsnummer: after.external_order_id,
      Freigabe: after.agency_release ?? input.decision,
      Status: after.status,
    };
  });
}
