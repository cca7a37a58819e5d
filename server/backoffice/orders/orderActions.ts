import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { OrderActionResponse, ReviewDecision, ReviewState } from '../../../schemas/backofficeOrders.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import {
  applyIntegrationEvent,
  attributeOrder,
  orderedProductRewards,
} from '../../orders/applyIntegrationEvent.ts';
import type { OrderDeps } from '../../orders/OrderDeps.ts';
import { releaseOrder } from '../../orders/releaseOrder.ts';
import { resolveReview } from '../../orders/resolveReview.ts';
import type { Db } from '../../recommender/ownership.ts';
import { type AuditActor, recordAudit } from '../audit/auditLog.ts';
import { orderState } from './orderDetail.ts';

/** Who acts and on what: every action runs in the caller's transaction. */
export interface OrderActionContext {
  trx: Db;
  deps: OrderDeps;
  mandant: LoadedMandant;
  actor: AuditActor;
}

const ORIGIN = { source: 'back_office', actor: 'back_office' } as const;

/**
 * The order by its Auftragsnummer, locked (FOR UPDATE) for the rest of the transaction, and only if it is
 * still the version the operator saw: a second operator waits for the lock and then finds a newer version
 * (409 PSOF0705), so one wins and the other is told.
 */
async function lockOrder(trx: Db, mandantId: string, auftragsnummer: string, version: number) {
  const order = await trx
    .selectFrom('customer_order')
    .selectAll()
    .select(sql<string>`to_char(order_date, 'YYYY-MM-DD')`.as('order_day'))
    .where('mandant_id', '=', mandantId)
    .where('external_order_id', '=', auftragsnummer)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new ApiProblem('PSOF0721');
  if (order.version !== version) throw new ApiProblem('PSOF0705');
  return order;
}

/** The order and its recommendation as the audit log keeps them (before and after) and the action answers. */
async function snapshot(trx: Db, mandantId: string, orderId: string) {
  const row = await trx
    .selectFrom('customer_order')
    .innerJoin('recommendation', 'recommendation.id', 'customer_order.recommendation_id')
    .select([
      'customer_order.external_order_id',
      'customer_order.attributed',
      'customer_order.concluded_at',
      'customer_order.cancelled_at',
      'customer_order.review',
      'customer_order.fraud_reasons',
      'customer_order.version',
      'recommendation.empfehlungsnummer',
      'recommendation.status',
    ])
    .where('customer_order.mandant_id', '=', mandantId)
    .where('customer_order.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const rewards = await trx
    .selectFrom('praemierung')
    .select(['beneficiary', 'wert_cent', 'status'])
    .where('mandant_id', '=', mandantId)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
  return {
    answer: {
      Auftragsnummer: row.external_order_id,
      Empfehlungsnummer: row.empfehlungsnummer,
      Empfehlungsstatus: row.status,
      Zustand: orderState(row),
      Pruefung: row.review as ReviewState,
      Version: row.version,
    } satisfies OrderActionResponse,
    audit: {
      Empfehlungsnummer: row.empfehlungsnummer,
      Empfehlungsstatus: row.status,
      Zustand: orderState(row),
      Vertrag: row.concluded_at ? wireDateTime(new Date(row.concluded_at)) : null,
      Storniert: row.cancelled_at ? wireDateTime(new Date(row.cancelled_at)) : null,
      Pruefung: row.review,
      Pruefgruende: row.fraud_reasons,
      Praemien: rewards.map((reward) => ({
        Empfaenger: reward.beneficiary,
        WertCent: reward.wert_cent,
        Status: reward.status,
      })),
      Version: row.version,
    },
  };
}

/** Runs `change` on the locked order and writes the audit entry with before and after, all in one transaction. */
async function audited(
  context: OrderActionContext,
  input: { auftragsnummer: string; version: number; action: string; note: Record<string, string> },
  change: (order: Awaited<ReturnType<typeof lockOrder>>) => Promise<void>,
): Promise<OrderActionResponse> {
  const { trx, mandant } = context;
  const order = await lockOrder(trx, mandant.id, input.auftragsnummer, input.version);
  const before = await snapshot(trx, mandant.id, order.id);
  await change(order);
  const after = await snapshot(trx, mandant.id, order.id);
  await recordAudit(trx, {
    mandantId: mandant.id,
    actor: context.actor,
    action: input.action,
    subjectType: 'order',
    subjectId: order.id,
    before: { Auftragsnummer: input.auftragsnummer, ...before.audit },
    after: { Auftragsnummer: input.auftragsnummer, ...after.audit, ...input.note },
  });
  return after.answer;
}

/**
 * The contract is concluded (issue 15 "confirm an order"): the same event as the client's
 * `contract.concluded` (applyIntegrationEvent), by the back office, with a reason for the audit log.
 */
export function confirmOrder(
  context: OrderActionContext,
  input: { auftragsnummer: string; version: number; grund: string },
): Promise<OrderActionResponse> {
  return audited(
    context,
    { ...input, action: 'order.confirmed', note: { Grund: input.grund } },
    async (order) => {
      if (order.cancelled_at) throw new ApiProblem('PSOF0723');
      if (!order.attributed) throw new ApiProblem('PSOF0724');
      if (order.concluded_at) throw new ApiProblem('PSOF0722');
      await applyIntegrationEvent(
        context.trx,
        context.deps,
        context.mandant,
        { Typ: 'contract.concluded', Auftragsnummer: input.auftragsnummer },
        ORIGIN,
      );
    },
  );
}

/** The order is cancelled: the client's `order.cancelled` (the recommendation and open rewards Storniert). */
export function cancelOrder(
  context: OrderActionContext,
  input: { auftragsnummer: string; version: number; grund: string },
): Promise<OrderActionResponse> {
  return audited(
    context,
    { ...input, action: 'order.cancelled', note: { Grund: input.grund } },
    async (order) => {
      if (order.cancelled_at) throw new ApiProblem('PSOF0723');
      await applyIntegrationEvent(
        context.trx,
        context.deps,
        context.mandant,
        { Typ: 'order.cancelled', Auftragsnummer: input.auftragsnummer, Grund: input.grund.slice(0, 200) },
        ORIGIN,
      );
    },
  );
}

/**
 * A mis-attributed order moves to the recommendation it belongs to (by that recommendation's code). Only
 * before its release: the old recommendation's open rewards of this order become Storniert
 * (`order.cancelled` through the reward machine; the old recommendation itself keeps its status, it did
 * nothing wrong), then the order is attributed to the new one exactly as an incoming order is
 * (attributeOrder: fraud checks, `order.attributed`, rewards of the product ordered), its confirmed
 * contract is repeated there (`contract.concluded`) and a release that is due happens at once.
 */
export function reassignOrder(
  context: OrderActionContext,
  input: { auftragsnummer: string; version: number; grund: string; code: string },
): Promise<OrderActionResponse> {
  const { trx, deps, mandant } = context;
  const code = input.code.trim().toUpperCase();
  return audited(
    context,
    { ...input, action: 'order.reassigned', note: { Grund: input.grund, Empfehlungscode: code } },
    async (order) => {
      if (order.cancelled_at) throw new ApiProblem('PSOF0723');
      if (!order.attributed) throw new ApiProblem('PSOF0724');
      const target = await trx
        .selectFrom('recommendation')
        .selectAll()
        .where('mandant_id', '=', mandant.id)
        .where('code', '=', code)
        .where('erased_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!target) throw new ApiProblem('PSOF0725');
      if (target.id === order.recommendation_id) throw new ApiProblem('PSOF0726');
      const source = await trx
        .selectFrom('recommendation')
        .select(['id', 'status'])
        .where('mandant_id', '=', mandant.id)
        .where('id', '=', order.recommendation_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (source.status !== 'Ok') throw new ApiProblem('PSOF0728');
      if (target.status !== 'Offen' && target.status !== 'Ok') throw new ApiProblem('PSOF0727');
      const live = await trx
        .selectFrom('customer_order')
        .select('id')
        .where('mandant_id', '=', mandant.id)
        .where('recommendation_id', '=', target.id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      if (live) throw new ApiProblem('PSOF0727');
      // The order date must lie on or after the day the recommendation was made, as for an incoming order.
      const madeOn = wireDateTime(new Date(target.created_at)).slice(0, 10);
      if (order.order_day < madeOn) throw new ApiProblem('PSOF0506');
      const praemien = orderedProductRewards(deps, mandant, target.produkt_quelle, order.produkt_id);

      const rewards = await trx
        .selectFrom('praemierung')
        .select(['id', 'status'])
        .where('mandant_id', '=', mandant.id)
        .where('order_id', '=', order.id)
        .where('status', 'in', ['Offen', 'Bereitgestellt'])
        .execute();
      for (const reward of rewards) {
        const outcome = await deps.lifecycle.reward(trx, {
          mandantId: mandant.id,
          praemierungId: reward.id,
          reason: 'order.cancelled',
          actor: 'back_office',
          orderId: order.id,
        });
        if (!outcome.applied) throw new ApiProblem('PSOF0509');
      }

      const recipient = await trx
        .selectFrom('recipient')
        .select(['id', 'vorname', 'nachname', 'email', 'iban_encrypted'])
        .where('mandant_id', '=', mandant.id)
        .where('recommendation_id', '=', target.id)
        .where('erased_at', 'is', null)
        .orderBy(sql`confirmed_at is null`)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      await trx
        .updateTable('customer_order')
        .set({
          recommendation_id: target.id,
          recipient_id: recipient?.id ?? null,
          // As migration 0011's insert trigger does for a new order: the agency of the recommendation.
          agency_id: target.agency_id,
          agency_release: target.agency_id ? 'pending' : null,
          agency_released_at: null,
          agency_released_by: null,
        })
        .where('mandant_id', '=', mandant.id)
        .where('id', '=', order.id)
        .execute();
      await attributeOrder(trx, deps, mandant, {
        orderId: order.id,
        orderDate: order.order_day,
        recommendation: target,
        recipient,
        praemien,
        alreadyCustomer: order.already_customer,
        actor: 'back_office',
      });
      if (order.concluded_at) {
        const concluded = await deps.lifecycle.recommendation(trx, {
          mandantId: mandant.id,
          recommendationId: target.id,
          reason: 'contract.concluded',
          actor: 'back_office',
          orderId: order.id,
        });
        if (!concluded.applied) throw new ApiProblem('PSOF0509');
        await releaseOrder(trx, deps, mandant, order.id, 'back_office');
      }
    },
  );
}

/**
 * Approves or rejects a flagged order (the review queue): resolveReview, the same as the client's
 * `integration/orders/{nr}/review`, with the operator's note in the audit log.
 */
export function reviewOrder(
  context: OrderActionContext,
  input: { auftragsnummer: string; version: number; decision: ReviewDecision; notiz: string },
): Promise<OrderActionResponse> {
  return audited(
    context,
    {
      ...input,
      action: input.decision === 'freigeben' ? 'order.reviewApproved' : 'order.reviewRejected',
      note: { Notiz: input.notiz },
    },
    async (order) => {
      if (order.review !== 'pending') throw new ApiProblem('PSOF0729');
      await resolveReview(
        context.trx,
        context.deps,
        context.mandant,
        input.auftragsnummer,
        input.decision,
        'back_office',
      );
    },
  );
}
