import { type Kysely, sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import { maskIban } from '../../../domain/iban.ts';
import { isFinishedMonth } from '../../../domain/invoice.ts';
import type {
  BackofficeProfi,
  ProfiMonatAntwort,
  ProfiSellerStatus,
} from '../../../schemas/backofficeProfi.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { currentAgreementVersion, decryptProfiIban } from '../../profi/account/profiSellers.ts';
import {
  createProfiCreditNote,
  listProfiCreditNotes,
  type ProfiCreditNoteDeps,
} from '../../profi/creditNotes/profiCreditNotes.ts';
import { type AuditActor, recordAudit } from '../audit/auditLog.ts';

type Db = Kysely<DatabaseSchema>;

/** The seller's row of the mandant, or 404 PSOF0704 (unknown, or another mandant's: never a leak). */
async function sellerRow(db: Db, mandantId: string, id: string) {
  const row = await db
    .selectFrom('profi_seller as s')
    // An erased account leaves the seller row without it (migration 0023).
    .leftJoin('account as a', (join) =>
      join.onRef('a.id', '=', 's.account_id').onRef('a.mandant_id', '=', 's.mandant_id'),
    )
    .select([
      's.id',
      's.profinummer',
      's.status',
      's.created_at',
      'a.email',
      'a.vorname',
      'a.nachname',
      's.art',
      's.firma',
      's.strasse',
      's.plz',
      's.ort',
      's.telefon',
      's.steuerstatus',
      's.steuernummer',
      's.ust_id',
      's.iban_encrypted',
      's.kontoinhaber',
      's.vereinbarung_version',
      's.vereinbarung_at',
    ])
    .where('s.mandant_id', '=', mandantId)
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiProblem('PSOF0704');
  return row;
}

/** Sums and count of the seller's commissions by status (all months). */
async function commissionSums(db: Db, mandantId: string, sellerId: string) {
  const rows = await db
    .selectFrom('profi_commission')
    .select([
      'status',
      sql<string>`coalesce(sum(basis_cent + extra_cent), 0)`.as('cent'),
      sql<string>`count(*)`.as('lines'),
    ])
    .where('mandant_id', '=', mandantId)
    .where('profi_seller_id', '=', sellerId)
    .groupBy('status')
    .execute();
  const cent = (status: string) => Number(rows.find((row) => row.status === status)?.cent ?? 0);
  return {
    OffenCent: cent('pending'),
    FreigegebenCent: cent('approved'),
    AusgezahltCent: cent('paid'),
    StorniertCent: cent('cancelled'),
    Provisionen: rows.reduce((sum, row) => sum + Number(row.lines), 0),
  };
}

/**
 * The back office's side of the profi-sellers (issue 16): a seller's detail (IBAN masked), blocking and
 * unblocking (audited), and the credit notes of a finished month for every seller (audited, idempotent).
 */
export function createProfiSellerActions(deps: ProfiCreditNoteDeps) {
  const { db } = deps;

  async function detail(mandant: LoadedMandant, id: string, executor: Db = db): Promise<BackofficeProfi> {
    const row = await sellerRow(executor, mandant.id, id);
    const iban = decryptProfiIban(deps.cipher, mandant.id, row.iban_encrypted);
    const version = currentAgreementVersion(mandant);
    return {
      Id: row.id,
      Profinummer: row.profinummer,
      Status: row.status as ProfiSellerStatus,
      RegistriertAm: wireDateTime(new Date(row.created_at)),
      Email: row.email ?? '',
      Art: row.art === 'firma' ? 'Firma' : 'Person',
      Firma: row.firma,
      Vorname: row.vorname ?? '',
      Nachname: row.nachname ?? '',
      Strasse: row.strasse,
      Plz: row.plz,
      Ort: row.ort,
      Telefon: row.telefon,
      Steuerstatus: row.steuerstatus === 'kleinunternehmer' ? 'Kleinunternehmer' : 'Regelbesteuert',
      Steuernummer: row.steuernummer,
      UstId: row.ust_id,
      IBAN: iban === null ? null : maskIban(iban),
      Kontoinhaber: iban === null ? null : row.kontoinhaber,
      VereinbarungAm:
        row.vereinbarung_at === null || row.vereinbarung_version !== version
          ? null
          : new Date(row.vereinbarung_at).toISOString(),
      ...(await commissionSums(executor, mandant.id, id)),
      Gutschriften: await listProfiCreditNotes(executor, { mandantId: mandant.id, sellerId: id }),
    };
  }

  /**
   * Blocks or unblocks a seller in one transaction with its audit entry (`profiSeller.blocked` /
   * `profiSeller.unblocked`, before/after status and the reason). A conditional update: a seller already in
   * that status (someone else acted meanwhile) is 409 PSOF0705. A blocked seller's profi routes answer 403
   * PSOF0940 at once (server/profi/profiAuthPlugin.ts reads the status on every request).
   */
  async function setStatus(
    mandant: LoadedMandant,
    actor: AuditActor,
    id: string,
    status: ProfiSellerStatus,
    reason: string,
  ): Promise<BackofficeProfi> {
    const before: ProfiSellerStatus = status === 'blocked' ? 'active' : 'blocked';
    return db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('profi_seller')
        .set({ status })
        .where('mandant_id', '=', mandant.id)
        .where('id', '=', id)
        .where('status', '=', before)
        .returning('profinummer')
        .executeTakeFirst();
      if (!changed) {
        await sellerRow(trx, mandant.id, id);
        throw new ApiProblem('PSOF0705');
      }
      await recordAudit(trx, {
        mandantId: mandant.id,
        actor,
        action: status === 'blocked' ? 'profiSeller.blocked' : 'profiSeller.unblocked',
        subjectType: 'profiSeller',
        subjectId: id,
        before: { status: before },
        after: { status, reason: reason.trim() },
      });
      return detail(mandant, id, trx);
    });
  }

  /**
   * The credit notes of a finished month (Berlin; else 409 PSOF0960) for every seller of the mandant with
   * commissions approved in that month and not yet billed, through the seller area's `createProfiCreditNote`
   * (one transaction per seller, gapless numbers). Idempotent: a seller who has the month's note already is
   * counted, not billed again. Sellers without address or tax data are skipped (PSOF0961) and named. The
   * audit entry `profiCreditNotes.created` names the month and the notes made (written after the notes,
   * each of which is its own transaction).
   */
  async function createMonth(
    mandant: LoadedMandant,
    actor: AuditActor,
    month: string,
  ): Promise<ProfiMonatAntwort> {
    if (!isFinishedMonth(month, deps.now())) throw new ApiProblem('PSOF0960');
    const approvedMonth = sql<string>`to_char(approved_at at time zone 'Europe/Berlin', 'YYYY-MM')`;
    const sellers = await db
      .selectFrom('profi_commission')
      .innerJoin('profi_seller', 'profi_seller.id', 'profi_commission.profi_seller_id')
      .select(['profi_seller.id', 'profi_seller.profinummer'])
      .where('profi_commission.mandant_id', '=', mandant.id)
      .where('profi_commission.status', 'in', ['approved', 'paid'])
      .where(sql<boolean>`basis_cent + extra_cent > 0`)
      .where(approvedMonth, '=', month)
      .groupBy(['profi_seller.id', 'profi_seller.profinummer'])
      .orderBy('profi_seller.profinummer')
      .execute();
    const answer: ProfiMonatAntwort = { Monat: month, Erstellt: [], Vorhanden: 0, Uebersprungen: [] };
    for (const seller of sellers) {
      try {
        const result = await createProfiCreditNote(
          deps,
          mandant,
          { mandantId: mandant.id, sellerId: seller.id },
          month,
        );
        if (result.created) answer.Erstellt.push(result.note.Nummer);
        else answer.Vorhanden += 1;
      } catch (error) {
        if (error instanceof ApiProblem && error.code === 'PSOF0961') {
          answer.Uebersprungen.push(seller.profinummer);
        } else if (!(error instanceof ApiProblem && error.code === 'PSOF0962')) {
          throw error;
        }
      }
    }
    await recordAudit(db, {
      mandantId: mandant.id,
      actor,
      action: 'profiCreditNotes.created',
      subjectType: 'profiCreditNoteMonth',
      subjectId: month,
      after: answer,
    });
    return answer;
  }

  return { detail, setStatus, createMonth };
}
