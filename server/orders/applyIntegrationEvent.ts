import { type Kysely, type Selectable, sql } from 'kysely';
import { wireDateTime } from '../../domain/format.ts';
import { isCalendarDate } from '../../domain/invoice.ts';
import {
  type IntegrationEvent,
  type IntegrationEventResponse,
  REWARDED_CHANNELS,
} from '../../schemas/integration.ts';
import type { Praemie } from '../../schemas/products.ts';
import type {
  DatabaseSchema,
  LifecycleActor,
  OrderSource,
  RecipientTable,
  RecommendationTable,
} from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { productSourceOf } from '../products/productSource.ts';
import { recordProfiCommission } from '../profi/commissions/profiCommissions.ts';
import {
  findRecommendableProduct,
  type RecommendableProduct,
} from '../recommendations/recommendableProduct.ts';
import { fraudReasons } from './fraudChecks.ts';
import { gatherFraudFacts } from './fraudFacts.ts';
import type { OrderDeps } from './OrderDeps.ts';
import { orderReward } from './orderRewards.ts';
import { releaseOrder } from './releaseOrder.ts';
import { stopRecommendation } from './stopRecommendation.ts';

type Db = Kysely<DatabaseSchema>;

export interface EventOrigin {
  source: OrderSource;
  actor: LifecycleActor;
}

/**
 * Applies one event of the client's systems (integration API, CSV row, shop) in the caller's transaction.
 * Every status change goes through the lifecycle's state machines; an event the current status does not
 * allow (cancel after payment, confirm after cancel) is a 409 PSOF0509 and changes nothing. Replaying an
 * event that already happened answers the current state without a second change.
 */
export async function applyIntegrationEvent(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  event: IntegrationEvent,
  origin: EventOrigin,
): Promise<IntegrationEventResponse> {
  switch (event.Typ) {
    case 'order.placed':
      return placeOrder(trx, deps, mandant, event, origin);
    case 'contract.concluded':
      return concludeContract(trx, deps, mandant, event, origin);
    case 'order.cancelled':
      return cancelOrder(trx, deps, mandant, event, origin);
    case 'recipient.already_customer':
      return alreadyCustomer(trx, deps, mandant, event, origin);
  }
}

async function findRecommendation(trx: Db, mandantId: string, event: IntegrationEvent) {
  const query = trx
    .selectFrom('recommendation')
    .selectAll()
    .where('mandant_id', '=', mandantId)
    .where('erased_at', 'is', null);
  const row = event.Empfehlungsnummer
    ? await query.where('empfehlungsnummer', '=', event.Empfehlungsnummer).executeTakeFirst()
    : event.Empfehlungscode
      ? await query.where('code', '=', event.Empfehlungscode.toUpperCase()).executeTakeFirst()
      : undefined;
  if (!row) throw new ApiProblem('PSOF0504');
  return row;
}

function requireOrderNumber(event: IntegrationEvent): string {
  if (!event.Auftragsnummer) {
    throw new ApiProblem('PSOF0514', [{ pointer: '/Auftragsnummer', reason: 'required for this Typ' }]);
  }
  return event.Auftragsnummer;
}

async function findOrder(trx: Db, mandantId: string, auftragsnummer: string) {
  const order = await trx
    .selectFrom('customer_order')
    .selectAll()
    .select(sql<string>`to_char(order_date, 'YYYY-MM-DD')`.as('order_day'))
    .where('mandant_id', '=', mandantId)
    .where('external_order_id', '=', auftragsnummer)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new ApiProblem('PSOF0508');
  return order;
}

async function answer(
  trx: Db,
  mandantId: string,
  recommendationId: string,
  typ: IntegrationEvent['Typ'],
  auftragsnummer: string | null,
): Promise<IntegrationEventResponse> {
  const recommendation = await trx
    .selectFrom('recommendation')
    .select(['empfehlungsnummer', 'status'])
    .where('mandant_id', '=', mandantId)
    .where('id', '=', recommendationId)
    .executeTakeFirstOrThrow();
  const order = auftragsnummer
    ? await trx
        .selectFrom('customer_order')
        .select(['review', 'fraud_reasons'])
        .where('mandant_id', '=', mandantId)
        .where('external_order_id', '=', auftragsnummer)
        .executeTakeFirst()
    : undefined;
  return {
    Typ: typ,
    Empfehlungsnummer: recommendation.empfehlungsnummer,
    Auftragsnummer: auftragsnummer,
    Empfehlungsstatus: recommendation.status,
    Pruefung: order?.review ?? 'none',
    Pruefgruende: order?.fraud_reasons ?? [],
  };
}

async function placeOrder(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  event: IntegrationEvent,
  origin: EventOrigin,
): Promise<IntegrationEventResponse> {
  const auftragsnummer = requireOrderNumber(event);
  if (!event.ProduktId || !event.Auftragsdatum) {
    throw new ApiProblem('PSOF0514', [
      { pointer: event.ProduktId ? '/Auftragsdatum' : '/ProduktId', reason: 'required for order.placed' },
    ]);
  }
  // The schema's pattern lets 2026-09-31 through; PostgreSQL then refused the insert with a 500 (issue 17).
  if (!isCalendarDate(event.Auftragsdatum)) {
    throw new ApiProblem('PSOF0013', [{ pointer: '/Auftragsdatum', reason: 'not a calendar day' }]);
  }
  const recommendation = await findRecommendation(trx, mandant.id, event);
  const channel = event.Kanal ?? 'link';
  const existing = await trx
    .selectFrom('customer_order')
    .select([
      'recommendation_id',
      'produkt_id',
      'channel',
      sql<string>`to_char(order_date, 'YYYY-MM-DD')`.as('day'),
    ])
    .where('mandant_id', '=', mandant.id)
    .where('external_order_id', '=', auftragsnummer)
    .executeTakeFirst();
  if (existing) {
    const same =
      existing.recommendation_id === recommendation.id &&
      existing.produkt_id === event.ProduktId &&
      existing.day === event.Auftragsdatum &&
      existing.channel === channel;
    if (!same) throw new ApiProblem('PSOF0507');
    return answer(trx, mandant.id, recommendation.id, event.Typ, auftragsnummer);
  }
  const live = await trx
    .selectFrom('customer_order')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('recommendation_id', '=', recommendation.id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (live) throw new ApiProblem('PSOF0510');

  const today = wireDateTime(deps.now()).slice(0, 10);
  const madeOn = wireDateTime(new Date(recommendation.created_at)).slice(0, 10);
  if (event.Auftragsdatum < madeOn || event.Auftragsdatum > today) throw new ApiProblem('PSOF0506');

  const praemien = orderedProductRewards(deps, mandant, recommendation.produkt_quelle, event.ProduktId);

  const recipient = await trx
    .selectFrom('recipient')
    .select(['id', 'vorname', 'nachname', 'email', 'iban_encrypted'])
    .where('mandant_id', '=', mandant.id)
    .where('recommendation_id', '=', recommendation.id)
    .where('erased_at', 'is', null)
    .orderBy(sql`confirmed_at is null`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

  const attributed = REWARDED_CHANNELS.includes(channel);
  const order = await trx
    .insertInto('customer_order')
    .values({
      mandant_id: mandant.id,
      recommendation_id: recommendation.id,
      recipient_id: recipient?.id ?? null,
      external_order_id: auftragsnummer,
      produkt_id: event.ProduktId,
      order_date: event.Auftragsdatum,
      channel,
      attributed,
      source: origin.source,
      already_customer: event.Bestandskunde === true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  if (!attributed) {
    const outcome = await deps.lifecycle.recommendation(trx, {
      mandantId: mandant.id,
      recommendationId: recommendation.id,
      reason: 'order.other_channel',
      actor: origin.actor,
      orderId: order.id,
    });
    if (!outcome.applied) throw new ApiProblem('PSOF0509');
    return answer(trx, mandant.id, recommendation.id, event.Typ, auftragsnummer);
  }

  await attributeOrder(trx, deps, mandant, {
    orderId: order.id,
    orderDate: event.Auftragsdatum,
    recommendation,
    recipient,
    praemien,
    alreadyCustomer: event.Bestandskunde === true,
    actor: origin.actor,
  });
  return answer(trx, mandant.id, recommendation.id, event.Typ, auftragsnummer);
}

/**
 * Attributes a stored order to a recommendation (order.placed; the back office's reassignment): the fraud
 * checks (a finding puts the order up for review), `order.attributed` through the state machine and the
 * rewards of the product ordered, split between recommender and recipient. In the caller's transaction.
 */
export async function attributeOrder(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  input: {
    orderId: string;
    orderDate: string;
    recommendation: Selectable<RecommendationTable>;
    recipient:
      | Pick<Selectable<RecipientTable>, 'id' | 'vorname' | 'nachname' | 'email' | 'iban_encrypted'>
      | undefined;
    praemien: readonly Praemie[];
    alreadyCustomer: boolean;
    actor: LifecycleActor;
  },
): Promise<void> {
  const { recommendation, recipient, praemien, actor } = input;
  const order = { id: input.orderId };
  const reasons = fraudReasons(
    await gatherFraudFacts(trx, deps, mandant.id, recommendation, recipient, input.alreadyCustomer),
  );
  await trx
    .updateTable('customer_order')
    .set({ review: reasons.length > 0 ? 'pending' : 'none', fraud_reasons: reasons })
    .where('mandant_id', '=', mandant.id)
    .where('id', '=', order.id)
    .execute();
  const outcome = await deps.lifecycle.recommendation(trx, {
    mandantId: mandant.id,
    recommendationId: recommendation.id,
    reason: 'order.attributed',
    actor,
    orderId: order.id,
  });
  if (!outcome.applied) throw new ApiProblem('PSOF0509');

  // A profi-seller's order earns the seller a commission instead of the recommender's reward (issue 16);
  // the recipient's share stays.
  const sellersOrder = await recordProfiCommission(trx, deps, mandant, {
    orderId: order.id,
    sellerId: recommendation.profi_seller_id,
  });
  const split = orderReward({
    praemien,
    orderDate: input.orderDate,
    shownCent: recommendation.praemie_cent,
    anteilEmpfehler: recommendation.anteil_empfehler,
    maxRecipientCent: mandant.config.MaxEmpfaengerPraemieCent,
  });
  const common = {
    mandantId: mandant.id,
    recommendationId: recommendation.id,
    empfehlungsnummer: recommendation.empfehlungsnummer,
    orderId: order.id,
    actor,
  };
  if (split.recommenderCent > 0 && !sellersOrder) {
    await deps.lifecycle.createReward(trx, {
      ...common,
      beneficiary: 'recommender',
      accountId: recommendation.account_id,
      recipientId: null,
      wertCent: split.recommenderCent,
    });
  }
  if (split.recipientCent > 0 && recipient) {
    await deps.lifecycle.createReward(trx, {
      ...common,
      beneficiary: 'recipient',
      accountId: null,
      recipientId: recipient.id,
      wertCent: split.recipientCent,
    });
  }
}

/**
 * The rewards of the product ordered, looked up like a recommended product (findRecommendableProduct); 422
 * PSOF0505 when it is not one the recommendation could lead to (unknown, another mandant's, another source).
 */
export function orderedProductRewards(
  deps: OrderDeps,
  mandant: LoadedMandant,
  recommendedQuelle: string | null,
  produktId: string,
): readonly Praemie[] {
  // An agent-list mandant recommends people, not products: the client's product id is taken as given.
  if (productSourceOf(mandant.config) === 'agent list') return [];
  let product: RecommendableProduct;
  try {
    product = findRecommendableProduct(mandant, deps.catalogue(mandant.id), produktId);
  } catch (error) {
    // Unknown product (PSOF0110/0111): for an order that is "not a product of this recommendation".
    if (error instanceof ApiProblem && (error.code === 'PSOF0110' || error.code === 'PSOF0111')) {
      throw new ApiProblem('PSOF0505');
    }
    throw error;
  }
  if (recommendedQuelle !== null && product.quelle !== recommendedQuelle) throw new ApiProblem('PSOF0505');
  return product.praemien;
}

async function concludeContract(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  event: IntegrationEvent,
  origin: EventOrigin,
): Promise<IntegrationEventResponse> {
  const auftragsnummer = requireOrderNumber(event);
  const order = await findOrder(trx, mandant.id, auftragsnummer);
  if (order.cancelled_at !== null || !order.attributed) throw new ApiProblem('PSOF0509');
  if (order.concluded_at === null) {
    const outcome = await deps.lifecycle.recommendation(trx, {
      mandantId: mandant.id,
      recommendationId: order.recommendation_id,
      reason: 'contract.concluded',
      actor: origin.actor,
      orderId: order.id,
    });
    if (!outcome.applied) throw new ApiProblem('PSOF0509');
    await trx
      .updateTable('customer_order')
      .set({
        concluded_at: deps.now(),
        // The claim period runs from the order date (ModuleAuftragsdatumMindestalterTage), Berlin midnight.
        release_due_at: sql<Date>`(${order.order_day}::date + make_interval(days => ${mandant.config.ModuleAuftragsdatumMindestalterTage}::int))::timestamp at time zone 'Europe/Berlin'`,
      })
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', order.id)
      .execute();
    await releaseOrder(trx, deps, mandant, order.id);
  }
  return answer(trx, mandant.id, order.recommendation_id, event.Typ, auftragsnummer);
}

async function cancelOrder(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  event: IntegrationEvent,
  origin: EventOrigin,
): Promise<IntegrationEventResponse> {
  const auftragsnummer = requireOrderNumber(event);
  const order = await findOrder(trx, mandant.id, auftragsnummer);
  if (order.cancelled_at === null) {
    await trx
      .updateTable('customer_order')
      .set({ cancelled_at: deps.now(), release_due_at: null })
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', order.id)
      .execute();
    if (order.attributed) {
      await stopRecommendation(trx, deps, {
        mandantId: mandant.id,
        recommendationId: order.recommendation_id,
        reason: 'order.cancelled',
        actor: origin.actor,
        orderId: order.id,
      });
    }
  }
  return answer(trx, mandant.id, order.recommendation_id, event.Typ, auftragsnummer);
}

async function alreadyCustomer(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  event: IntegrationEvent,
  origin: EventOrigin,
): Promise<IntegrationEventResponse> {
  const recommendation = await findRecommendation(trx, mandant.id, event);
  if (recommendation.status !== 'Storniert') {
    await stopRecommendation(trx, deps, {
      mandantId: mandant.id,
      recommendationId: recommendation.id,
      reason: 'recipient.already_customer',
      actor: origin.actor,
    });
  }
  return answer(trx, mandant.id, recommendation.id, event.Typ, event.Auftragsnummer ?? null);
}
