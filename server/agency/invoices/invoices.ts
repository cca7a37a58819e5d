import { type Kysely, sql } from 'kysely';
import { maskIban } from '../../../domain/iban.ts';
import {
  berlinDate,
  firstDayOf,
  invoiceNumber,
  invoiceTotals,
  isFinishedMonth,
  lastDayOf,
  VAT_RATE_PROMILLE,
} from '../../../domain/invoice.ts';
import type { AgenturRechnung } from '../../../schemas/agencyAdmin.ts';
import type { MandantCompany } from '../../../schemas/api.ts';
import type { FieldCipher } from '../../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../../db/DatabaseSchema.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import type { LoadedMandant } from '../../mandants/LoadedMandant.ts';
import type { ProductCatalogue } from '../../products/ProductCatalogue.ts';
import { productName } from '../../products/productName.ts';
import { decryptAgencyIban } from '../masterData/masterData.ts';
import { type AgencyScope, productKey } from '../rewardPlan/rewardPlan.ts';

export interface InvoiceDeps {
  db: Kysely<DatabaseSchema>;
  cipher: FieldCipher;
  catalogue: (mandantId: string) => ProductCatalogue | undefined;
  now: () => Date;
}

/** One commission line: an order released in the month, with the reward plan's commission on its date. */
export interface InvoicePosition {
  Auftragsnummer: string;
  ProduktId: string;
  Produkt: string | null;
  /** The order date, YYYY-MM-DD. */
  Datum: string;
  ProvisionCent: number;
}

/**
 * The parties as they were when the credit note was made (§ 14 Abs. 4 Nr. 1, 2 UStG). It is a self-billing
 * credit note (Gutschrift, § 14 Abs. 2 Satz 2 UStG): the mandant, who receives the agency's service
 * (placing orders), issues it; the agency is the supplier (Leistender), whose tax number it must show.
 */
export interface InvoiceParties {
  Leistender: {
    Name: string;
    Strasse: string;
    Plz: string;
    Ort: string;
    UstId: string;
    Steuernummer: string;
    Agenturnummer: string;
    /** Masked; where the amount is paid to. */
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
export interface StoredInvoice extends AgenturRechnung {
  /** YYYY-MM-DD, the last day of the month billed (the period of service runs from the 1st). */
  Leistungsende: string;
  positionen: InvoicePosition[];
  parteien: InvoiceParties;
}

const INVOICE_COLUMNS = [
  'rechnungsnummer',
  sql<string>`to_char(monat, 'YYYY-MM')`.as('monat'),
  sql<string>`rechnungsdatum::text`.as('rechnungsdatum'),
  'netto_cent',
  'ust_satz_promille',
  'ust_cent',
  'brutto_cent',
  'positionen',
  'parteien',
] as const;

interface InvoiceRow {
  rechnungsnummer: number;
  monat: string;
  rechnungsdatum: string;
  netto_cent: string | number;
  ust_satz_promille: number;
  ust_cent: string | number;
  brutto_cent: string | number;
  positionen: unknown;
  parteien: unknown;
}

function toStoredInvoice(row: InvoiceRow): StoredInvoice {
  const parteien = row.parteien as InvoiceParties;
  const positionen = row.positionen as InvoicePosition[];
  return {
    Nummer: row.rechnungsnummer,
    Rechnungsnummer: invoiceNumber(parteien.Leistender.Agenturnummer, row.rechnungsnummer),
    Monat: row.monat,
    Rechnungsdatum: row.rechnungsdatum,
    Positionen: positionen.length,
    NettoCent: Number(row.netto_cent),
    UstSatzPromille: row.ust_satz_promille,
    UstCent: Number(row.ust_cent),
    BruttoCent: Number(row.brutto_cent),
    Leistungsende: lastDayOf(row.monat),
    positionen,
    parteien,
  };
}

/** The list's view of a stored credit note. */
export function listEntry(invoice: StoredInvoice): AgenturRechnung {
  const { Leistungsende: _end, positionen: _lines, parteien: _parties, ...entry } = invoice;
  return entry;
}

/** The agency's credit notes, newest first. */
export async function listInvoices(
  db: Kysely<DatabaseSchema>,
  scope: AgencyScope,
): Promise<AgenturRechnung[]> {
  const rows = await db
    .selectFrom('agency_invoice')
    .select(INVOICE_COLUMNS)
    .where('mandant_id', '=', scope.mandantId)
    .where('agency_id', '=', scope.agencyId)
    .orderBy('rechnungsnummer', 'desc')
    .execute();
  return rows.map((row) => listEntry(toStoredInvoice(row)));
}

/** One credit note of the agency by its number; another agency's (or none): 404 PSOF0601. */
export async function readInvoice(
  db: Kysely<DatabaseSchema>,
  scope: AgencyScope,
  nummer: number,
): Promise<StoredInvoice> {
  const row = await db
    .selectFrom('agency_invoice')
    .select(INVOICE_COLUMNS)
    .where('mandant_id', '=', scope.mandantId)
    .where('agency_id', '=', scope.agencyId)
    .where('rechnungsnummer', '=', nummer)
    .executeTakeFirst();
  if (!row) throw new ApiProblem('PSOF0601');
  return toStoredInvoice(row);
}

/**
 * The commission lines of a month: the agency's orders released in it (Berlin time), not cancelled, each
 * with the reward plan entry of its product valid on the order date (orders without one earn nothing and
 * are left out). Products are compared by catalogue key: an order may name the Id or the ExterneId.
 */
async function commissionLines(
  db: Kysely<DatabaseSchema>,
  catalogue: ProductCatalogue | undefined,
  scope: AgencyScope,
  month: string,
): Promise<InvoicePosition[]> {
  const from = firstDayOf(month);
  const orders = await db
    .selectFrom('customer_order')
    .select(['external_order_id', 'produkt_id', sql<string>`order_date::text`.as('order_date')])
    .where('mandant_id', '=', scope.mandantId)
    .where('agency_id', '=', scope.agencyId)
    .where('agency_release', '=', 'released')
    .where('cancelled_at', 'is', null)
    .where('agency_released_at', '>=', sql<Date>`(${from}::date::timestamp at time zone 'Europe/Berlin')`)
    .where(
      'agency_released_at',
      '<',
      sql<Date>`((${from}::date + interval '1 month')::timestamp at time zone 'Europe/Berlin')`,
    )
    .orderBy('order_date')
    .orderBy('external_order_id')
    .execute();
  if (orders.length === 0) return [];
  const plan = await db
    .selectFrom('agency_reward_plan')
    .select([
      'produkt_id',
      'provision_cent',
      sql<string>`gueltig_ab::text`.as('gueltig_ab'),
      sql<string | null>`gueltig_bis::text`.as('gueltig_bis'),
    ])
    .where('mandant_id', '=', scope.mandantId)
    .where('agency_id', '=', scope.agencyId)
    .execute();
  const entries = plan.map((entry) => ({ ...entry, key: productKey(catalogue, entry.produkt_id) }));
  return orders.flatMap((order) => {
    const key = productKey(catalogue, order.produkt_id);
    const entry = entries.find(
      (candidate) =>
        candidate.key === key &&
        candidate.gueltig_ab <= order.order_date &&
        (candidate.gueltig_bis === null || order.order_date <= candidate.gueltig_bis),
    );
    if (!entry) return [];
    return [
      {
        Auftragsnummer: order.external_order_id,
        ProduktId: order.produkt_id,
        Produkt: productName(catalogue, order.produkt_id),
        Datum: order.order_date,
        ProvisionCent: entry.provision_cent,
      },
    ];
  });
}

/** The mandant's company on its credit notes, or 409 PSOF0648 when the mandant has none configured. */
export function mandantCompany(mandant: LoadedMandant): MandantCompany {
  const company = mandant.config.programme?.company;
  if (!company) throw new ApiProblem('PSOF0648');
  return company;
}

/**
 * Makes the credit note of a finished month (409 PSOF0645 otherwise) for the agency, or answers the one
 * made before (`created: false`). In one transaction that holds the agency's row: the lines are fixed,
 * the agency's number is incremented (`update … returning`, so numbers have no gaps) and the invoice
 * inserted; unique (agency, month) keeps a second run a no-op.
 */
export async function createInvoice(
  deps: InvoiceDeps,
  mandant: LoadedMandant,
  scope: AgencyScope,
  month: string,
): Promise<{ invoice: StoredInvoice; created: boolean }> {
  const now = deps.now();
  if (!isFinishedMonth(month, now)) throw new ApiProblem('PSOF0645');
  const company = mandantCompany(mandant);
  return deps.db.transaction().execute(async (trx) => {
    const agency = await trx
      .selectFrom('agency')
      .select([
        'agenturnummer',
        'firma',
        'strasse',
        'plz',
        'ort',
        'ust_id',
        'steuernummer',
        'iban_encrypted',
        'kontoinhaber',
      ])
      .where('mandant_id', '=', scope.mandantId)
      .where('id', '=', scope.agencyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('agency_invoice')
      .select(INVOICE_COLUMNS)
      .where('mandant_id', '=', scope.mandantId)
      .where('agency_id', '=', scope.agencyId)
      .where('monat', '=', sql<Date>`${firstDayOf(month)}::date`)
      .executeTakeFirst();
    if (existing) return { invoice: toStoredInvoice(existing), created: false };

    const missing = [
      ...(agency.strasse && agency.plz && agency.ort ? [] : [{ pointer: '/Strasse', reason: 'address' }]),
      ...(agency.ust_id || agency.steuernummer ? [] : [{ pointer: '/Steuernummer', reason: 'or UstId' }]),
    ];
    if (missing.length > 0) throw new ApiProblem('PSOF0646', missing);

    const positionen = await commissionLines(trx, deps.catalogue(mandant.id), scope, month);
    if (positionen.length === 0) throw new ApiProblem('PSOF0647');
    const totals = invoiceTotals(positionen, VAT_RATE_PROMILLE);
    const iban = decryptAgencyIban(deps.cipher, scope.mandantId, agency.iban_encrypted);
    const parteien: InvoiceParties = {
      Leistender: {
        Name: agency.firma,
        Strasse: agency.strasse,
        Plz: agency.plz,
        Ort: agency.ort,
        UstId: agency.ust_id,
        Steuernummer: agency.steuernummer,
        Agenturnummer: agency.agenturnummer,
        IBAN: iban === null ? null : maskIban(iban),
        Kontoinhaber: agency.kontoinhaber,
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
    const { last_invoice_number: nummer } = await trx
      .updateTable('agency')
      .set({ last_invoice_number: sql<number>`last_invoice_number + 1` })
      .where('mandant_id', '=', scope.mandantId)
      .where('id', '=', scope.agencyId)
      .returning('last_invoice_number')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('agency_invoice')
      .values({
        mandant_id: scope.mandantId,
        agency_id: scope.agencyId,
        rechnungsnummer: nummer,
        monat: firstDayOf(month),
        rechnungsdatum: berlinDate(now),
        netto_cent: totals.nettoCent,
        ust_satz_promille: totals.ustSatzPromille,
        ust_cent: totals.ustCent,
        brutto_cent: totals.bruttoCent,
        positionen: JSON.stringify(positionen),
        parteien: JSON.stringify(parteien),
      })
      .returning(INVOICE_COLUMNS)
      .executeTakeFirstOrThrow();
    return { invoice: toStoredInvoice(row), created: true };
  });
}
