import { type Kysely, sql } from 'kysely';
import { campaignExtras, parseProvision } from '../../../domain/profiCommission.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { OrderDeps } from '../../orders/OrderDeps.ts';
import { findProduct } from '../../products/productName.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * The commission lifecycle of a profi-seller's order (issue 16, server/profi/README.md). The order
 * functions call these three in the order's own transaction, each at the one place where the order's
 * state changes: attribution (server/orders/applyIntegrationEvent.ts `attributeOrder`, also the back
 * office's reassignment), release (server/orders/releaseOrder.ts) and stop (server/orders/stopRecommendation.ts:
 * cancellation, confirmed fraud, recipient already a customer).
 */

/**
 * The product's `Provision` text (fixed-line products carry one; other kinds earn nothing) and the keys an
 * extra may name it by (the order's id, the product's Id and ExterneId).
 */
function productFacts(deps: Pick<OrderDeps, 'catalogue'>, mandantId: string, produktId: string) {
  const product = findProduct(deps.catalogue(mandantId), produktId);
  const keys = [produktId, ...(product ? [String(product.Id), product.ExterneId ?? ''] : [])].filter(Boolean);
  return { provision: product && 'Provision' in product ? product.Provision : '', keys };
}

/**
 * Attribution: a recommendation of a seller (`recommendation.profi_seller_id`, written by migration 0022's
 * trigger) makes the order the seller's and gives it one pending commission of the product's Provision.
 * An order moved to another recommendation (the back office's reassignment, only before its release) takes
 * that recommendation's seller: its commission is re-made for the new seller, or cancelled when the new
 * recommendation has none. Returns whether the order is a seller's (then it earns no recommender reward).
 */
export async function recordProfiCommission(
  trx: Db,
  deps: Pick<OrderDeps, 'catalogue' | 'now'>,
  mandant: LoadedMandant,
  input: { orderId: string; sellerId: string | null },
): Promise<boolean> {
  const order = await trx
    .updateTable('customer_order')
    .set({ profi_seller_id: input.sellerId })
    .where('mandant_id', '=', mandant.id)
    .where('id', '=', input.orderId)
    .returning(['produkt_id', sql<string>`to_char(order_date, 'YYYY-MM-DD')`.as('order_day')])
    .executeTakeFirstOrThrow();
  if (input.sellerId === null) {
    await trx
      .updateTable('profi_commission')
      .set({ status: 'cancelled', cancelled_at: deps.now() })
      .where('mandant_id', '=', mandant.id)
      .where('order_id', '=', input.orderId)
      .where('status', '=', 'pending')
      .execute();
    return false;
  }
  const product = productFacts(deps, mandant.id, order.produkt_id);
  const { basisCent } = parseProvision(product.provision);
  const extras = campaignExtras(mandant.config.programme?.profiExtras, product.keys, order.order_day);
  await trx
    .insertInto('profi_commission')
    .values({
      mandant_id: mandant.id,
      profi_seller_id: input.sellerId,
      order_id: input.orderId,
      produkt_id: order.produkt_id,
      basis_cent: basisCent,
      extra_cent: extras.extraCent,
      extras: JSON.stringify(extras.ids),
      status: 'pending',
    })
    .onConflict((conflict) =>
      conflict
        .column('order_id')
        .doUpdateSet({
          profi_seller_id: input.sellerId as string,
          produkt_id: order.produkt_id,
          basis_cent: basisCent,
          extra_cent: extras.extraCent,
          extras: JSON.stringify(extras.ids),
          status: 'pending',
          approved_at: null,
          cancelled_at: null,
        })
        .where('profi_commission.credit_note_id', 'is', null),
    )
    .execute();
  return true;
}

/** Release: the order's pending commission becomes approved (billed on the month's credit note). */
export function approveProfiCommission(
  trx: Db,
  mandantId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  return decidePendingCommission(trx, mandantId, orderId, { status: 'approved', approved_at: now });
}

/** The order's commission leaves `pending` once: approved by the release, or cancelled. */
async function decidePendingCommission(
  trx: Db,
  mandantId: string,
  orderId: string,
  change: { status: 'approved'; approved_at: Date } | { status: 'cancelled'; cancelled_at: Date },
): Promise<void> {
  await trx
    .updateTable('profi_commission')
    .set(change)
    .where('mandant_id', '=', mandantId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The agency rejected the order (agentur/auftragfreigeben, DELETE): a rejected order is never released, so
 * its pending commission is cancelled rather than left waiting for ever (a seller's account can belong to an
 * agency, which then decides its orders).
 */
export function cancelOrderProfiCommission(
  trx: Db,
  mandantId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  return decidePendingCommission(trx, mandantId, orderId, { status: 'cancelled', cancelled_at: now });
}

/**
 * Stop (cancelled, fraud confirmed, already a customer): every pending commission of the recommendation's
 * orders is cancelled. An approved one stays: the order was released, so it was not cancelled before payment
 * (the lifecycle refuses a stop after the release anyway).
 */
export async function cancelProfiCommissions(
  trx: Db,
  mandantId: string,
  recommendationId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('profi_commission')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('mandant_id', '=', mandantId)
    .where('status', '=', 'pending')
    .where('order_id', 'in', (eb) =>
      eb
        .selectFrom('customer_order')
        .select('id')
        .where('mandant_id', '=', mandantId)
        .where('recommendation_id', '=', recommendationId),
    )
    .execute();
}
