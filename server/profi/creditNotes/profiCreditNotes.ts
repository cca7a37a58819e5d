import { type Kysely, sql } from 'kysely';
import { maskIban } from '../../../domain/iban.ts';
import { berlinDate, firstDayOf, isFinishedMonth, lastDayOf } from '../../../domain/invoice.ts';
import {
  creditNoteTotals,
  type ProfiTaxStatus,
  profiCreditNoteNumber,
} from '../../../domain/profiCreditNote.ts';
import type { ProfiGutschrift } from '../../../schemas/profi.ts';
import type { InvoiceDeps, InvoicePosition } from '../../agency/invoices/invoices.ts';
import { mandantCompany } from '../../agency/invoices/invoices.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import { productName } from '../../products/productName.ts';
import { decryptProfiIban } from '../account/profiSellers.ts';

type Db = Kysely<DatabaseSchema>;

/** What making a credit note needs: the agency's invoice dependencies (database, cipher, catalogue, clock). */
export type ProfiCreditNoteDeps = InvoiceDeps;

/** Whose rows: the seller within the mandant. */
export interface ProfiScope {
  mandantId: string;
  sellerId: string;
}

/**
 * The parties as they were when the note was made (§ 14 Abs. 4 Nr. 1, 2 UStG): the seller supplies the
 * service (placing orders) and receives the note; the mandant issues it.
 */
export interface ProfiCreditNoteParties {
  Leistender: {
    Name: string;
    Strasse: string;
    Plz: string;
    Ort: string;
    Steuernummer: string;
    UstId: string;
    Profinummer: string;
    /** Masked; where the gross is paid to. */
    IBAN: string | null;
    Kontoinhaber: string | null;
  };
  Empfaenger: {
    Name: string;
    Strasse: string;
    Plz: string;
    Ort: string;
    Land: string | null;
    UstId: string | null;
  };
}

/** A stored credit note with everything the PDF prints. */
export interface StoredProfiCreditNote extends ProfiGutschrift {
  id: string;
  nummer: number;
  steuerstatus: ProfiTaxStatus;
  ustSatzPromille: number;
  /** YYYY-MM-DD, the month's last day (the period of service runs from the 1st). */
  Leistungsende: string;
  positionen: InvoicePosition[];
  parteien: ProfiCreditNoteParties;
}

const NOTE_COLUMNS = [
  'id',
  'nummer',
  sql<string>`to_char(monat, 'YYYY-MM')`.as('monat'),
  sql<string>`rechnungsdatum::text`.as('rechnungsdatum'),
  'steuerstatus',
  'netto_cent',
  'ust_satz_promille',
  'ust_cent',
  'brutto_cent',
  'positionen',
  'parteien',
  'paid_at',
] as const;

interface NoteRow {
  id: string;
  nummer: number;
  monat: string;
  rechnungsdatum: string;
  steuerstatus: ProfiTaxStatus;
  netto_cent: string | number;
  ust_satz_promille: number;
  ust_cent: string | number;
  brutto_cent: string | number;
  positionen: unknown;
  parteien: unknown;
  paid_at: Date | string | null;
}

function toStored(row: NoteRow): StoredProfiCreditNote {
  const positionen = row.positionen as InvoicePosition[];
  return {
    id: row.id,
    nummer: row.nummer,
    Nummer: profiCreditNoteNumber(row.nummer),
    Monat: row.monat,
    Rechnungsdatum: row.rechnungsdatum,
    Steuerstatus: row.steuerstatus === 'kleinunternehmer' ? 'Kleinunternehmer' : 'Regelbesteuert',
    steuerstatus: row.steuerstatus,
    NettoCent: Number(row.netto_cent),
    UstSatzProzent: row.ust_satz_promille / 10,
    ustSatzPromille: row.ust_satz_promille,
    UstCent: Number(row.ust_cent),
    BruttoCent: Number(row.brutto_cent),
    Positionen: positionen.length,
    Ausgezahlt: row.paid_at !== null,
    Leistungsende: lastDayOf(row.monat),
    positionen,
    parteien: row.parteien as ProfiCreditNoteParties,
  };
}

/** The list's view of a stored note. */
export function gutschriftEntry(note: StoredProfiCreditNote): ProfiGutschrift {
  return {
    Nummer: note.Nummer,
    Monat: note.Monat,
    Rechnungsdatum: note.Rechnungsdatum,
    Steuerstatus: note.Steuerstatus,
    NettoCent: note.NettoCent,
    UstSatzProzent: note.UstSatzProzent,
    UstCent: note.UstCent,
    BruttoCent: note.BruttoCent,
    Positionen: note.Positionen,
    Ausgezahlt: note.Ausgezahlt,
  };
}

/** The seller's credit notes, newest first. */
export async function listProfiCreditNotes(db: Db, scope: ProfiScope): Promise<ProfiGutschrift[]> {
  const rows = await db
    .selectFrom('profi_credit_note')
    .select(NOTE_COLUMNS)
    .where('mandant_id', '=', scope.mandantId)
    .where('profi_seller_id', '=', scope.sellerId)
    .orderBy('nummer', 'desc')
    .execute();
  return rows.map((row) => gutschriftEntry(toStored(row)));
}

/** One of the seller's notes by its running number; another seller's, or none: 404 PSOF0963. */
export async function readProfiCreditNote(
  db: Db,
  scope: ProfiScope,
  nummer: number,
): Promise<StoredProfiCreditNote> {
  const row = await db
    .selectFrom('profi_credit_note')
    .select(NOTE_COLUMNS)
    .where('mandant_id', '=', scope.mandantId)
    .where('profi_seller_id', '=', scope.sellerId)
    .where('nummer', '=', nummer)
    .executeTakeFirst();
  if (!row) throw new ApiProblem('PSOF0963');
  return toStored(row);
}

/** Berlin midnight of a day, in SQL. */
const berlinStart = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'Europe/Berlin')`;
const berlinNextMonth = (day: string) =>
  sql<Date>`((${day}::date + interval '1 month')::timestamp at time zone 'Europe/Berlin')`;

/**
 * Makes the seller's credit note of a finished month (409 PSOF0960 otherwise), or answers the one made
 * before (`created: false`). One transaction that holds the seller's row: the commissions approved in the
 * month (Berlin) without a note, with an amount, are fixed as lines (none: 409 PSOF0962), the mandant's
 * counter is incremented (`insert … on conflict do nothing`, then `update … returning`: a refused attempt
 * rolls back and takes no number, so numbers have no gaps), the note inserted and the commissions linked.
 */
export async function createProfiCreditNote(
  deps: ProfiCreditNoteDeps,
  mandant: LoadedMandant,
  scope: ProfiScope,
  month: string,
): Promise<{ note: StoredProfiCreditNote; created: boolean }> {
  const now = deps.now();
  if (!isFinishedMonth(month, now)) throw new ApiProblem('PSOF0960');
  const company = mandantCompany(mandant);
  const from = firstDayOf(month);
  return deps.db.transaction().execute(async (trx) => {
    const seller = await trx
      .selectFrom('profi_seller')
      // An erased account leaves the seller row without it (migration 0023): the firm's name still bills.
      .leftJoin('account', 'account.id', 'profi_seller.account_id')
      .select([
        'profi_seller.profinummer',
        'profi_seller.art',
        'profi_seller.firma',
        'profi_seller.strasse',
        'profi_seller.plz',
        'profi_seller.ort',
        'profi_seller.steuerstatus',
        'profi_seller.steuernummer',
        'profi_seller.ust_id',
        'profi_seller.iban_encrypted',
        'profi_seller.kontoinhaber',
        'account.vorname',
        'account.nachname',
      ])
      .where('profi_seller.mandant_id', '=', scope.mandantId)
      .where('profi_seller.id', '=', scope.sellerId)
      .forUpdate('profi_seller')
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('profi_credit_note')
      .select(NOTE_COLUMNS)
      .where('mandant_id', '=', scope.mandantId)
      .where('profi_seller_id', '=', scope.sellerId)
      .where('monat', '=', sql<Date>`${from}::date`)
      .executeTakeFirst();
    if (existing) return { note: toStored(existing), created: false };

    const missing = [
      ...(seller.strasse && seller.plz && seller.ort ? [] : [{ pointer: '/Strasse', reason: 'address' }]),
      ...(seller.steuernummer || seller.ust_id ? [] : [{ pointer: '/Steuernummer', reason: 'or UstId' }]),
    ];
    if (missing.length > 0) throw new ApiProblem('PSOF0961', missing);

    const commissions = await trx
      .selectFrom('profi_commission as c')
      .innerJoin('customer_order as o', 'o.id', 'c.order_id')
      .select([
        'c.id',
        'c.produkt_id',
        'c.basis_cent',
        'c.extra_cent',
        'o.external_order_id',
        sql<string>`o.order_date::text`.as('order_date'),
      ])
      .where('c.mandant_id', '=', scope.mandantId)
      .where('c.profi_seller_id', '=', scope.sellerId)
      .where('c.status', '=', 'approved')
      .where('c.credit_note_id', 'is', null)
      .where(sql<boolean>`c.basis_cent + c.extra_cent > 0`)
      .where('c.approved_at', '>=', berlinStart(from))
      .where('c.approved_at', '<', berlinNextMonth(from))
      .orderBy('o.order_date')
      .orderBy('o.external_order_id')
      .forUpdate('c')
      .execute();
    if (commissions.length === 0) throw new ApiProblem('PSOF0962');
    const catalogue = deps.catalogue(mandant.id);
    const positionen: InvoicePosition[] = commissions.map((line) => ({
      Auftragsnummer: line.external_order_id,
      ProduktId: line.produkt_id,
      Produkt: productName(catalogue, line.produkt_id),
      Datum: line.order_date,
      ProvisionCent: line.basis_cent + line.extra_cent,
    }));
    const totals = creditNoteTotals(positionen, seller.steuerstatus);
    const iban = decryptProfiIban(deps.cipher, scope.mandantId, seller.iban_encrypted);
    const name =
      seller.art === 'firma' && seller.firma
        ? seller.firma
        : `${seller.vorname ?? ''} ${seller.nachname ?? ''}`.trim() || seller.profinummer;
    const parteien: ProfiCreditNoteParties = {
      Leistender: {
        Name: name,
        Strasse: seller.strasse,
        Plz: seller.plz,
        Ort: seller.ort,
        Steuernummer: seller.steuernummer,
        UstId: seller.ust_id,
        Profinummer: seller.profinummer,
        IBAN: iban === null ? null : maskIban(iban),
        Kontoinhaber: seller.kontoinhaber,
      },
      Empfaenger: {
        Name: company.name,
        Strasse: company.street,
        Plz: company.postalCode,
        Ort: company.city,
        Land: company.country ?? null,
        UstId: company.vatId ?? null,
      },
    };
    await trx
      .insertInto('profi_credit_note_counter')
      .values({ mandant_id: scope.mandantId, last_number: 0 })
      .onConflict((conflict) => conflict.column('mandant_id').doNothing())
      .execute();
    const { last_number: nummer } = await trx
      .updateTable('profi_credit_note_counter')
      .set({ last_number: sql<number>`last_number + 1` })
      .where('mandant_id', '=', scope.mandantId)
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('profi_credit_note')
      .values({
        mandant_id: scope.mandantId,
        profi_seller_id: scope.sellerId,
        nummer,
        monat: from,
        rechnungsdatum: berlinDate(now),
        steuerstatus: seller.steuerstatus,
        netto_cent: totals.nettoCent,
        ust_satz_promille: totals.ustSatzPromille,
        ust_cent: totals.ustCent,
        brutto_cent: totals.bruttoCent,
        positionen: JSON.stringify(positionen),
        parteien: JSON.stringify(parteien),
      })
      .returning(NOTE_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('profi_commission')
      .set({ credit_note_id: row.id })
      .where(
        'id',
        'in',
        commissions.map((line) => line.id),
      )
      .execute();
    return { note: toStored(row), created: true };
  });
}

/**
 * The job `createProfiCreditNotes` (ADR 0014 sweep): for every mandant with `programme.company`, every
 * finished month in which a seller has approved commissions without a note gets its note. Sellers without
 * address or tax data are skipped (they see the task on their overview); one seller's failure is logged
 * and the others still get theirs. Safe in several instances: the seller's row lock and unique (seller,
 * month) make a second run answer the note made instead of making another.
 */
export async function createDueProfiCreditNotes(
  deps: ProfiCreditNoteDeps,
  mandants: readonly LoadedMandant[],
  log: { info: (data: object, message: string) => void; error: (data: object, message: string) => void },
): Promise<{ created: number; failed: number }> {
  const now = deps.now();
  let created = 0;
  let failed = 0;
  for (const mandant of mandants) {
    if (!mandant.config.programme?.company) continue;
    const approvedMonth = sql<string>`to_char(approved_at at time zone 'Europe/Berlin', 'YYYY-MM')`;
    const due = await deps.db
      .selectFrom('profi_commission')
      .select(['profi_seller_id', approvedMonth.as('monat')])
      .where('mandant_id', '=', mandant.id)
      .where('status', '=', 'approved')
      .where('credit_note_id', 'is', null)
      .where(sql<boolean>`basis_cent + extra_cent > 0`)
      .groupBy(['profi_seller_id', approvedMonth])
      .orderBy(approvedMonth)
      .execute();
    for (const { profi_seller_id: sellerId, monat } of due) {
      if (!isFinishedMonth(monat, now)) continue;
      try {
        const result = await createProfiCreditNote(deps, mandant, { mandantId: mandant.id, sellerId }, monat);
        if (result.created) {
          created += 1;
          log.info({ mandant: mandant.id, gutschrift: result.note.Nummer }, 'profi credit note created');
        }
      } catch (error) {
        if (error instanceof ApiProblem && (error.code === 'PSOF0961' || error.code === 'PSOF0962')) continue;
        failed += 1;
        log.error(
          { mandant: mandant.id, seller: sellerId, err: error instanceof Error ? error.name : 'unknown' },
          'profi credit note failed',
        );
      }
    }
  }
  return { created, failed };
}
