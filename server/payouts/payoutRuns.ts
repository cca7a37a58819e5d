import { type Kysely, sql } from 'kysely';
import { isCalendarDate } from '../../domain/invoice.ts';
import { profiCreditNoteNumber } from '../../domain/profiCreditNote.ts';
import type { DatabaseSchema, LifecycleActor } from '../db/DatabaseSchema.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { fulfilRecommendationIfDone } from '../orders/fulfilRecommendation.ts';
import type { OrderDeps } from '../orders/OrderDeps.ts';
import { decryptProfiIban } from '../profi/account/profiSellers.ts';
import { buildSepaCreditTransfer, type SepaTransfer } from './sepaCreditTransfer.ts';

type Db = Kysely<DatabaseSchema>;

export interface PayoutRunSummary {
  Id: string;
  Status: 'created' | 'executed';
  Ausfuehrungsdatum: string;
  SummeCent: number;
  Anzahl: number;
}

/** Catalogue entries paid by bank transfer. */
function cashEntryIds(mandant: LoadedMandant): string[] {
  return mandant.praemien.praemien.filter((entry) => entry.Art === 'Geld').map((entry) => entry.Id);
}

/**
 * Collects every due cash reward of the mandant into a new payout run (issue 13): provided
 * (Bereitgestellt), cash chosen, not in a run yet, and with an IBAN to pay to (the recommender's bank
 * data, or the recipient's for the recipient's part); and every unpaid profi-seller credit note whose seller
 * has an IBAN (issue 16). Both are claimed with FOR UPDATE SKIP LOCKED, so two runs created at once never
 * take the same one. Nothing due: 409 PSOF0509. Runs in the
 * caller's transaction (`trx`): a refusal rolls the empty run back.
 */
export async function createPayoutRun(
  trx: Db,
  mandant: LoadedMandant,
  input: { executionDate: string; createdBy: string },
): Promise<PayoutRunSummary> {
  // The schemas' YYYY-MM-DD pattern lets 2026-02-31 and 0000-01-01 through; PostgreSQL then refused the
  // insert with a 500 (issue 17's log canary, POST integration/payout-runs).
  if (!isCalendarDate(input.executionDate)) {
    throw new ApiProblem('PSOF0013', [{ pointer: '/Ausfuehrungsdatum', reason: 'not a calendar day' }]);
  }
  const cash = cashEntryIds(mandant);
  {
    const run = await trx
      .insertInto('payout_run')
      .values({
        mandant_id: mandant.id,
        execution_date: input.executionDate,
        total_cent: 0,
        transfer_count: 0,
        created_by: input.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claimed =
      cash.length === 0
        ? []
        : await trx
            .updateTable('praemierung')
            .set({ payout_run_id: run.id })
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('praemierung as p')
                .leftJoin('bank_account', 'bank_account.account_id', 'p.account_id')
                .leftJoin('recipient', 'recipient.id', 'p.recipient_id')
                .select('p.id')
                .where('p.mandant_id', '=', mandant.id)
                .where('p.status', '=', 'Bereitgestellt')
                .where('p.payout_run_id', 'is', null)
                .where('p.praemie_id', 'in', cash)
                .where((w) =>
                  w.or([
                    w.and([
                      w('p.beneficiary', '=', 'recommender'),
                      w('bank_account.iban_encrypted', 'is not', null),
                    ]),
                    w.and([
                      w('p.beneficiary', '=', 'recipient'),
                      w('recipient.iban_encrypted', 'is not', null),
                    ]),
                  ]),
                )
                .forUpdate('p')
                .skipLocked(),
            )
            .returning('wert_cent')
            .execute();
    // Profi-sellers' credit notes not paid yet (issue 16): one transfer of the gross each, to a seller with
    // an IBAN; claimed like the rewards, so two runs never take the same note.
    const notes = await trx
      .updateTable('profi_credit_note')
      .set({ payout_run_id: run.id })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('profi_credit_note as n')
          .innerJoin('profi_seller', 'profi_seller.id', 'n.profi_seller_id')
          .select('n.id')
          .where('n.mandant_id', '=', mandant.id)
          .where('n.payout_run_id', 'is', null)
          .where('n.brutto_cent', '>', 0)
          .where('profi_seller.iban_encrypted', 'is not', null)
          .forUpdate('n')
          .skipLocked(),
      )
      .returning('brutto_cent')
      .execute();
    if (claimed.length === 0 && notes.length === 0) throw new ApiProblem('PSOF0509');
    const total =
      claimed.reduce((sum, row) => sum + row.wert_cent, 0) +
      notes.reduce((sum, row) => sum + Number(row.brutto_cent), 0);
    const count = claimed.length + notes.length;
    await trx
      .updateTable('payout_run')
      .set({ total_cent: total, transfer_count: count })
      .where('id', '=', run.id)
      .execute();
    return {
      Id: run.id,
      Status: 'created' as const,
      Ausfuehrungsdatum: input.executionDate,
      SummeCent: total,
      Anzahl: count,
    };
  }
}

async function findRun(db: Db, mandantId: string, runId: string) {
  const run = /^[0-9a-f-]{36}$/.test(runId)
    ? await db
        .selectFrom('payout_run')
        .select([
          'id',
          'status',
          'total_cent',
          'transfer_count',
          'created_at',
          sql<string>`to_char(execution_date, 'YYYY-MM-DD')`.as('day'),
        ])
        .where('mandant_id', '=', mandantId)
        .where('id', '=', runId)
        .executeTakeFirst()
    : undefined;
  if (!run) throw new ApiProblem('PSOF0011');
  return run;
}

export async function payoutRunSummary(db: Db, mandantId: string, runId: string): Promise<PayoutRunSummary> {
  const run = await findRun(db, mandantId, runId);
  return {
    Id: run.id,
    Status: run.status,
    Ausfuehrungsdatum: run.day,
    SummeCent: Number(run.total_cent),
    Anzahl: run.transfer_count,
  };
}

/**
 * The run's SEPA credit transfer file (pain.001.001.09), made on demand from the encrypted IBANs and
 * never stored. Needs the mandant's payout account (programme.payout), else 409 PSOF0509.
 */
export async function payoutRunFile(
  db: Db,
  deps: Pick<OrderDeps, 'cipher'>,
  mandant: LoadedMandant,
  runId: string,
): Promise<string> {
  const run = await findRun(db, mandant.id, runId);
  const payout = mandant.config.programme.payout;
  if (!payout) throw new ApiProblem('PSOF0509');
  const rows = await db
    .selectFrom('praemierung as p')
    .innerJoin('recommendation', 'recommendation.id', 'p.recommendation_id')
    .leftJoin('bank_account', 'bank_account.account_id', 'p.account_id')
    .leftJoin('recipient', 'recipient.id', 'p.recipient_id')
    .select([
      'p.id',
      'p.wert_cent',
      'p.beneficiary',
      'recommendation.empfehlungsnummer',
      'bank_account.iban_encrypted as recommender_iban',
      'bank_account.kontoinhaber as recommender_holder',
      'recipient.iban_encrypted as recipient_iban',
      'recipient.kontoinhaber as recipient_holder',
    ])
    .where('p.mandant_id', '=', mandant.id)
    .where('p.payout_run_id', '=', run.id)
    .orderBy('p.id')
    .execute();
  const transfers: SepaTransfer[] = [];
  for (const row of rows) {
    const recommender = row.beneficiary === 'recommender';
    const encrypted = recommender ? row.recommender_iban : row.recipient_iban;
    // Bank data deleted after the run was made: that transfer cannot be made; it stays in the run.
    if (!encrypted) continue;
    const iban = deps.cipher.decrypt(
      encrypted,
      `${mandant.id}:${recommender ? 'bank_account' : 'recipient'}`,
    );
    transfers.push({
      endToEndId: `P${row.id.replace(/-/g, '').slice(0, 32)}`,
      amountCent: row.wert_cent,
      creditor: { name: (recommender ? row.recommender_holder : row.recipient_holder) ?? '', iban },
      remittance: `${mandant.config.name} Praemie Empfehlung ${row.empfehlungsnummer}`,
    });
  }
  const notes = await db
    .selectFrom('profi_credit_note as n')
    .innerJoin('profi_seller', 'profi_seller.id', 'n.profi_seller_id')
    .select(['n.id', 'n.nummer', 'n.brutto_cent', 'profi_seller.iban_encrypted', 'profi_seller.kontoinhaber'])
    .where('n.mandant_id', '=', mandant.id)
    .where('n.payout_run_id', '=', run.id)
    .orderBy('n.nummer')
    .execute();
  for (const note of notes) {
    // As for a reward: bank data deleted after the run was made, that transfer cannot be made.
    const iban = decryptProfiIban(deps.cipher, mandant.id, note.iban_encrypted);
    if (!iban) continue;
    transfers.push({
      endToEndId: `G${note.id.replace(/-/g, '').slice(0, 32)}`,
      amountCent: Number(note.brutto_cent),
      creditor: { name: note.kontoinhaber ?? '', iban },
      remittance: `${mandant.config.name} Gutschrift ${profiCreditNoteNumber(note.nummer)}`,
    });
  }
  if (transfers.length === 0) throw new ApiProblem('PSOF0509');
  return buildSepaCreditTransfer({
    messageId: `R${run.id.replace(/-/g, '').slice(0, 32)}`,
    createdAt: new Date(run.created_at),
    executionDate: run.day,
    debtor: {
      name: payout.debtorName,
      iban: payout.debtorIban,
      ...(payout.debtorBic ? { bic: payout.debtorBic } : {}),
    },
    transfers,
  });
}

/**
 * The bank executed the run: every reward in it becomes Ausgezahlt and each recommendation whose rewards
 * are all fulfilled Gezahlt; every profi-seller credit note in it is paid and its commissions with it. Executing twice: 409 PSOF0509. Runs in the caller's transaction.
 */
export async function executePayoutRun(
  trx: Db,
  deps: OrderDeps,
  mandant: LoadedMandant,
  runId: string,
  actor: LifecycleActor,
): Promise<PayoutRunSummary> {
  await findRun(trx, mandant.id, runId);
  {
    const marked = await trx
      .updateTable('payout_run')
      .set({ status: 'executed', executed_at: deps.now() })
      .where('mandant_id', '=', mandant.id)
      .where('id', '=', runId)
      .where('status', '=', 'created')
      .returning('id')
      .executeTakeFirst();
    if (!marked) throw new ApiProblem('PSOF0509');
    const rewards = await trx
      .selectFrom('praemierung')
      .select(['id', 'recommendation_id'])
      .where('mandant_id', '=', mandant.id)
      .where('payout_run_id', '=', runId)
      .execute();
    for (const reward of rewards) {
      await deps.lifecycle.reward(trx, {
        mandantId: mandant.id,
        praemierungId: reward.id,
        reason: 'payout.executed',
        actor,
      });
    }
    for (const recommendationId of new Set(rewards.map((reward) => reward.recommendation_id))) {
      if (recommendationId) await fulfilRecommendationIfDone(trx, deps, mandant.id, recommendationId, actor);
    }
    // The run's profi-seller credit notes are paid, and with them their commissions (issue 16).
    const paidNotes = await trx
      .updateTable('profi_credit_note')
      .set({ paid_at: deps.now() })
      .where('mandant_id', '=', mandant.id)
      .where('payout_run_id', '=', runId)
      .where('paid_at', 'is', null)
      .returning('id')
      .execute();
    if (paidNotes.length > 0) {
      await trx
        .updateTable('profi_commission')
        .set({ status: 'paid', paid_at: deps.now() })
        .where('mandant_id', '=', mandant.id)
        .where('status', '=', 'approved')
        .where(
          'credit_note_id',
          'in',
          paidNotes.map((note) => note.id),
        )
        .execute();
    }
  }
  return payoutRunSummary(trx, mandant.id, runId);
}
