import { purgeIdempotencyRecords } from '../integration/idempotency.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { deliverVouchers } from '../vouchers/deliverVouchers.ts';
import { expireLifecycle } from './expireLifecycle.ts';
import type { OrderDeps } from './OrderDeps.ts';
import { releaseDueOrders } from './releaseOrder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the order, payout and voucher functions need (server/orders/README.md). */
    orderDeps: OrderDeps;
  }
}

const MINUTE = 60_000;

/**
 * Orders to rewards: the dependencies of the order functions and the programme's sweeps (ADR 0014): release
 * after the claim period, expiry, voucher delivery and the idempotency records' purge. Each sweep is
 * idempotent and claims rows so that several instances can run it together.
 */
export const ordersPlugin = globalPlugin('orders', async (app) => {
  const deps: OrderDeps = {
    lifecycle: app.lifecycle,
    catalogue: (mandantId) => app.productCatalogues.get(mandantId),
    cipher: app.fieldCipher,
    mail: app.mail,
    now: () => app.config.clock.now(),
  };
  app.decorate('orderDeps', deps);
  const db = app.database.kysely;
  const forEachMandant = async (
    work: (mandant: ReturnType<typeof app.mandants.all>[number]) => Promise<number>,
  ) => {
    let total = 0;
    for (const mandant of app.mandants.all()) total += await work(mandant);
    if (total > 0) {
      app.mail.kick();
      app.webhooks.kick();
    }
    return total;
  };
  app.jobs.register({
    name: 'releaseDueOrders',
    intervalMs: 5 * MINUTE,
    run: () => forEachMandant((mandant) => releaseDueOrders(db, deps, mandant)),
  });
  app.jobs.register({
    name: 'expireLifecycle',
    intervalMs: 60 * MINUTE,
    run: () => forEachMandant((mandant) => expireLifecycle(db, deps, mandant)),
  });
  app.jobs.register({
    name: 'deliverVouchers',
    intervalMs: 5 * MINUTE,
    run: () =>
      forEachMandant((mandant) =>
        deliverVouchers(db, deps, mandant, {
          empty: (mandantId, praemieId, waiting) =>
            app.log.warn(
              { mandant: mandantId, praemie: praemieId, waiting },
              'voucher pool empty: rewards wait',
            ),
          low: (mandantId, praemieId, free) =>
            app.log.warn({ mandant: mandantId, praemie: praemieId, free }, 'voucher pool low'),
        }),
      ),
  });
  app.jobs.register({
    name: 'purgeIdempotencyRecords',
    intervalMs: 60 * MINUTE,
    run: () => purgeIdempotencyRecords(db, deps.now()),
  });
});
