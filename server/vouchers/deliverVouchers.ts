import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { fulfilRecommendationIfDone } from '../orders/fulfilRecommendation.ts';
import type { OrderDeps } from '../orders/OrderDeps.ts';
import { findEntry } from '../rewards/rewardCatalogue.ts';
import { rewardContact } from '../rewards/rewardContact.ts';

type Db = Kysely<DatabaseSchema>;

export interface VoucherAlerts {
  /** The pool of this reward is empty: rewards wait (never fail) until codes are imported. */
  empty(mandantId: string, praemieId: string, waiting: number): void;
  low(mandantId: string, praemieId: string, free: number): void;
}

/**
 * Voucher delivery (issue 13, SPEC 9: by e-mail within 24 hours): every provided reward whose chosen
 * catalogue entry is a voucher gets the next free code of its pool, the code goes out by mail and the
 * reward becomes Abgeholt, all in one transaction per reward. A code is taken with FOR UPDATE SKIP LOCKED
 * and bound to the reward by a unique column, so two instances never hand out one code twice.
 */
export async function deliverVouchers(
  db: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  alerts: VoucherAlerts,
): Promise<number> {
  const due = await db
    .selectFrom('praemierung')
    .select(['id', 'praemie_id', 'recommendation_id'])
    .where('mandant_id', '=', mandant.id)
    .where('status', '=', 'Bereitgestellt')
    .where('praemie_id', 'is not', null)
    .where('payout_run_id', 'is', null)
    .orderBy('chosen_at')
    .limit(200)
    .execute();
  let delivered = 0;
  const waiting = new Map<string, number>();
  for (const reward of due) {
    const entry = reward.praemie_id ? findEntry(mandant, reward.praemie_id) : undefined;
    if (entry?.Art !== 'Gutschein' || !reward.praemie_id || !reward.recommendation_id) continue;
    const praemieId = reward.praemie_id;
    const recommendationId = reward.recommendation_id;
    const done = await db
      .transaction()
      .execute(async (trx) => {
        const code = await trx
          .updateTable('voucher_code')
          .set({ praemierung_id: reward.id, handed_out_at: deps.now() })
          .where('id', '=', (eb) =>
            eb
              .selectFrom('voucher_code')
              .select('id')
              .where('mandant_id', '=', mandant.id)
              .where('praemie_id', '=', praemieId)
              .where('praemierung_id', 'is', null)
              .orderBy('imported_at')
              .limit(1)
              .forUpdate()
              .skipLocked(),
          )
          .returning('code')
          .executeTakeFirst();
        if (!code) return false;
        const moved = await deps.lifecycle.reward(
          trx,
          { mandantId: mandant.id, praemierungId: reward.id, reason: 'voucher.delivered', actor: 'system' },
          { collected_at: deps.now() },
        );
        // Collected or cancelled meanwhile: give the code back by rolling back.
        if (!moved.applied) throw new VoucherNotNeeded();
        await enqueueVoucherMail(trx, deps, mandant, reward.id, entry.Titel, code.code);
        await fulfilRecommendationIfDone(trx, deps, mandant.id, recommendationId, 'system');
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof VoucherNotNeeded) return false;
        throw error;
      });
    if (done) delivered += 1;
    else waiting.set(praemieId, (waiting.get(praemieId) ?? 0) + 1);
  }
  for (const [praemieId, count] of waiting) {
    const free = await freeCodes(db, mandant.id, praemieId);
    if (free === 0) alerts.empty(mandant.id, praemieId, count);
  }
  for (const praemieId of new Set(due.map((reward) => reward.praemie_id).filter((id) => id !== null))) {
    const free = await freeCodes(db, mandant.id, praemieId);
    if (free > 0 && free < mandant.config.programme.voucherLowStock) alerts.low(mandant.id, praemieId, free);
  }
  return delivered;
}

class VoucherNotNeeded extends Error {}

export async function freeCodes(db: Db, mandantId: string, praemieId: string): Promise<number> {
  const row = await db
    .selectFrom('voucher_code')
    .select(sql<string>`count(*)`.as('n'))
    .where('mandant_id', '=', mandantId)
    .where('praemie_id', '=', praemieId)
    .where('praemierung_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function enqueueVoucherMail(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  praemierungId: string,
  titel: string,
  code: string,
): Promise<void> {
  const contact = await rewardContact(trx, mandant, praemierungId, { preferReceipt: true });
  if (!contact) return;
  await deps.mail.enqueue(trx, {
    mandantId: mandant.id,
    to: contact.email,
    language: contact.language,
    template: 'voucherDelivered',
    data: { vorname: contact.vorname, nachname: contact.nachname, titel, code, wertCent: contact.wertCent },
  });
}
