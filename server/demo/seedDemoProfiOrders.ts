import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { berlinDate, berlinMonth, isFinishedMonth } from '../../domain/invoice.ts';
import { RECIPIENT_LINK_VALID_DAYS } from '../../schemas/constants.ts';
import type { IntegrationEvent } from '../../schemas/integration.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import { Lifecycle } from '../lifecycle/Lifecycle.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { applyIntegrationEvent } from '../orders/applyIntegrationEvent.ts';
import type { OrderDeps } from '../orders/OrderDeps.ts';
import { releaseOrder } from '../orders/releaseOrder.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { createProfiCreditNote, type ProfiCreditNoteDeps } from '../profi/creditNotes/profiCreditNotes.ts';
import { demoProfiSellerId } from './demoProfiPlugin.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One demo order of the seller: when (days ago), what, and how far it got. */
interface DemoProfiOrder {
  daysAgo: number;
  produktId: string;
  outcome: 'placed' | 'confirmed' | 'released' | 'cancelled';
}

/**
 * The telko demo seller's months (issue 16): three finished months of released orders (fixed-line products
 * 601–608 with their Provision, one mobile offer without one), a cancelled order, and this month's orders
 * still pending. Days are counted back from the start, so the months are always the last ones.
 */
function demoOrders(now: Date): DemoProfiOrder[] {
  const dayOfMonth = Number(berlinDate(now).slice(8, 10));
  // Days back to the 5th, 12th and 19th of the month `back` months ago (roughly: 30.4 days a month).
  const inMonth = (back: number, day: number) => Math.max(0, Math.round(dayOfMonth - day + back * 30.4));
  return [
    { daysAgo: inMonth(3, 5), produktId: '601', outcome: 'released' },
    { daysAgo: inMonth(3, 12), produktId: '606', outcome: 'released' },
    { daysAgo: inMonth(3, 19), produktId: '608', outcome: 'released' },
    { daysAgo: inMonth(2, 5), produktId: '602', outcome: 'released' },
    { daysAgo: inMonth(2, 12), produktId: '801', outcome: 'released' },
    { daysAgo: inMonth(2, 19), produktId: '603', outcome: 'cancelled' },
    { daysAgo: inMonth(1, 5), produktId: '604', outcome: 'released' },
    { daysAgo: inMonth(1, 12), produktId: '605', outcome: 'released' },
    { daysAgo: inMonth(1, 19), produktId: '607', outcome: 'released' },
    { daysAgo: Math.min(2, dayOfMonth - 1), produktId: '601', outcome: 'confirmed' },
    { daysAgo: Math.min(1, dayOfMonth - 1), produktId: '608', outcome: 'placed' },
    { daysAgo: 0, produktId: '606', outcome: 'placed' },
  ];
}

/**
 * Seeds the demo seller's history through the order code itself (`applyIntegrationEvent`, `releaseOrder`
 * with a clock set to each step's moment), so commissions, their status and approval dates are what the
 * live code makes; only the recommendations are fixtures, as in seedDemoRecommendations.ts. Then the
 * finished months' credit notes are made (`createProfiCreditNote`) and marked paid by a demo payout run (a
 * fixture row: a real run would also take the mandant's other due rewards); this month's released order is
 * approved and waits for next month's note. A seller
 * that has commissions already is left alone (a restart keeps what the demo did). Returns the orders made.
 */
export async function seedDemoProfiOrders(
  db: Kysely<DatabaseSchema>,
  deps: OrderDeps,
  creditNoteDeps: ProfiCreditNoteDeps,
  mandant: LoadedMandant,
  sellerId: string,
): Promise<number> {
  const seller = await db
    .selectFrom('profi_seller as s')
    .innerJoin('account as a', 'a.id', 's.account_id')
    .select(['a.id as accountId', 'a.vorname', 'a.nachname', 'a.email', 's.profinummer'])
    .where('s.mandant_id', '=', mandant.id)
    .where('s.id', '=', sellerId)
    .executeTakeFirst();
  if (!seller) return 0;
  const started = await db
    .selectFrom('profi_commission')
    .select('id')
    .where('mandant_id', '=', mandant.id)
    .where('profi_seller_id', '=', sellerId)
    .executeTakeFirst();
  if (started) return 0;
  const now = deps.now();
  const orders = demoOrders(now);
  const origin = { source: 'api' as const, actor: 'client_api' as const };
  let made = 0;
  for (const [index, order] of orders.entries()) {
    const orderedAt = new Date(now.getTime() - order.daysAgo * DAY_MS);
    const madeAt = new Date(orderedAt.getTime() - 2 * DAY_MS);
    const at = (moment: Date): OrderDeps => ({ ...deps, now: () => moment });
    const number = `${seller.profinummer.replace(/\D/g, '')}${String(index + 1).padStart(3, '0')}`;
    const auftragsnummer = `PV-${number}`;
    await db.transaction().execute(async (trx) => {
      // The seller's recommendation (the trigger of migration 0022 makes it the seller's), confirmed.
      const recommendation = await trx
        .insertInto('recommendation')
        .values({
          mandant_id: mandant.id,
          empfehlungsnummer: `48${number}`.slice(0, 12),
          link_hex: randomBytes(16).toString('hex'),
          account_id: seller.accountId,
          empfehler_vorname: seller.vorname,
          empfehler_nachname: seller.nachname,
          empfehler_email: seller.email,
          produkt_id: order.produktId,
          agb_text_version: createHash('sha256').update('demo').digest('hex'),
          status: 'Ok',
          created_at: madeAt,
          link_expires_at: new Date(madeAt.getTime() + RECIPIENT_LINK_VALID_DAYS * DAY_MS),
        })
        .onConflict((conflict) => conflict.columns(['mandant_id', 'empfehlungsnummer']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // The number is taken by another recommendation: this demo order is left out.
      if (!recommendation) return;
      const event = (Typ: IntegrationEvent['Typ']): IntegrationEvent => ({
        Typ,
        Empfehlungsnummer: `48${number}`.slice(0, 12),
        Auftragsnummer: auftragsnummer,
        ...(Typ === 'order.placed'
          ? { ProduktId: order.produktId, Auftragsdatum: berlinDate(orderedAt) }
          : {}),
      });
      await applyIntegrationEvent(trx, at(orderedAt), mandant, event('order.placed'), origin);
      const confirmedAt = new Date(orderedAt.getTime() + DAY_MS / 4);
      if (order.outcome === 'cancelled') {
        await applyIntegrationEvent(trx, at(confirmedAt), mandant, event('order.cancelled'), origin);
      } else if (order.outcome !== 'placed') {
        // With a claim period of 0 days the confirmation releases at once; a longer one releases later.
        await applyIntegrationEvent(trx, at(confirmedAt), mandant, event('contract.concluded'), origin);
        if (order.outcome === 'released') {
          const row = await trx
            .selectFrom('customer_order')
            .select('id')
            .where('mandant_id', '=', mandant.id)
            .where('external_order_id', '=', auftragsnummer)
            .executeTakeFirstOrThrow();
          const releasedAt = new Date(
            confirmedAt.getTime() + mandant.config.ModuleAuftragsdatumMindestalterTage * DAY_MS,
          );
          await releaseOrder(trx, at(releasedAt), mandant, row.id);
        }
      }
    });
    made += 1;
  }

  // The finished months' credit notes, oldest first (gapless numbers of the mandant).
  const months = [
    ...new Set(orders.map((order) => berlinMonth(new Date(now.getTime() - order.daysAgo * DAY_MS)))),
  ]
    .filter((month) => isFinishedMonth(month, now))
    .sort();
  const notes: { id: string; brutto: number }[] = [];
  for (const month of months) {
    try {
      const { note } = await createProfiCreditNote(
        creditNoteDeps,
        mandant,
        { mandantId: mandant.id, sellerId },
        month,
      );
      notes.push({ id: note.id, brutto: note.BruttoCent });
    } catch {
      // A month whose orders were released in the next one has nothing to bill.
    }
  }
  // Every demo note is paid, in a run of its own (the back office lists it under the run's Gutschriften), so
  // the demo's next payout run starts with the recommenders' rewards alone.
  const paid = notes;
  if (paid.length > 0) {
    await db.transaction().execute(async (trx) => {
      const run = await trx
        .insertInto('payout_run')
        .values({
          mandant_id: mandant.id,
          status: 'executed',
          execution_date: berlinDate(now),
          total_cent: paid.reduce((sum, note) => sum + note.brutto, 0),
          transfer_count: paid.length,
          created_by: 'demo',
          executed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids = paid.map((note) => note.id);
      await trx
        .updateTable('profi_credit_note')
        .set({ payout_run_id: run.id, paid_at: now })
        .where('mandant_id', '=', mandant.id)
        .where('id', 'in', ids)
        .execute();
      await trx
        .updateTable('profi_commission')
        .set({ status: 'paid', paid_at: now })
        .where('mandant_id', '=', mandant.id)
        .where('credit_note_id', 'in', ids)
        .execute();
    });
  }
  return made;
}

/**
 * After the demo profi-sellers (demoProfiPlugin): the telko demo seller's orders, commissions and credit
 * notes (DEMO_ACCOUNTS, on by default). Mandants without a demo seller or without `programme.company` are
 * skipped. Logs counts only.
 */
export const demoProfiOrdersPlugin = globalPlugin('demoProfiOrders', async (app) => {
  if (!app.config.demoAccounts) return;
  for (const mandant of app.mandants.all()) {
    if (!mandant.config.programme?.company) continue;
    const sellerId = await demoProfiSellerId(app.database.kysely, mandant.id);
    if (!sellerId) continue;
    // The demo's history through the real order code, but with a lifecycle without listeners: a seeded past
    // mails nobody and queues no webhooks (the other demo seeds write their history directly).
    const quiet = { ...app.orderDeps, lifecycle: new Lifecycle(() => app.config.clock.now()) };
    const made = await seedDemoProfiOrders(
      app.database.kysely,
      quiet,
      {
        db: app.database.kysely,
        cipher: app.fieldCipher,
        catalogue: (mandantId) => app.productCatalogues.get(mandantId),
        now: () => app.config.clock.now(),
      },
      mandant,
      sellerId,
    );
    app.log.info({ mandant: mandant.id, orders: made }, 'demo profi orders ready');
  }
});
