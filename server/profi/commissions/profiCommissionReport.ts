import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import { PROVISION_STATUS_WIRE, provisionGrund } from '../../../domain/profiCommission.ts';
import { profiCreditNoteNumber } from '../../../domain/profiCreditNote.ts';
import {
  PROFI_PROVISION_STATUS,
  type ProfiProvision,
  type ProfiProvisionStatus,
} from '../../../schemas/profi.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { type ProfiReportContext, provisionStatusSql } from '../orders/profiOrderReport.ts';

const c = (column: string) => sql.ref(`c.${column}`);
const order = (expression: string) =>
  sql`(select ${sql.raw(expression)} from customer_order o where o.id = ${c('order_id')})`;

const STORED_STATUS = Object.fromEntries(
  Object.entries(PROVISION_STATUS_WIRE).map(([stored, wire]) => [wire, stored]),
) as Record<ProfiProvisionStatus, keyof typeof PROVISION_STATUS_WIRE>;

/**
 * GET profi/provisionen: the seller's commission lines, newest first by when the order came in (index
 * `profi_commission_seller (mandant_id, profi_seller_id, created_at, id)`), each with the plain reason
 * (domain/profiCommission.ts `provisionGrund`). `Stand` (the order's review and confirmation) and
 * `GutschriftNr` serve the reason and the note's number and are not fields of the row.
 */
export const profiCommissionReport = defineReport<ProfiReportContext, ProfiProvision>({
  name: 'profi.provisionen',
  table: 'profi_commission',
  alias: 'c',
  id: c('id'),
  idType: 'uuid',
  mandantColumn: c('mandant_id'),
  scope: (_db, { sellerId }) => sql`${c('profi_seller_id')} = ${sellerId}`,
  scopeKey: ({ sellerId }) => sellerId,
  columns: [
    { name: 'Auftragsnummer', type: 'text', sql: order('o.external_order_id'), filterable: true },
    { name: 'ProduktId', type: 'text', sql: c('produkt_id'), sortable: true, filterable: true },
    {
      name: 'Datum',
      type: 'date',
      sql: sql`(select cast(o.order_date as timestamp) at time zone 'Europe/Berlin' from customer_order o where o.id = ${c('order_id')})`,
      filterable: true,
    },
    { name: 'BasisCent', type: 'money', sql: c('basis_cent'), sortable: true },
    { name: 'ExtraCent', type: 'money', sql: c('extra_cent'), sortable: true },
    {
      name: 'BetragCent',
      type: 'money',
      sql: sql`(${c('basis_cent')} + ${c('extra_cent')})`,
      sortable: true,
      filterable: true,
    },
    {
      name: 'Status',
      type: 'enum',
      values: PROFI_PROVISION_STATUS,
      sql: provisionStatusSql(c('status')),
      sortable: true,
      filterable: true,
    },
    {
      name: 'Stand',
      type: 'text',
      sql: order(
        "case when o.review = 'pending' then 'review' when o.concluded_at is not null then 'concluded' else 'open' end",
      ),
    },
    {
      name: 'GutschriftNr',
      type: 'number',
      sql: sql`(select n.nummer from profi_credit_note n where n.id = ${c('credit_note_id')})`,
    },
    { name: 'Erfasst', type: 'date', sql: c('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'Erfasst', Descending: true },
  async toRows(_db, rows, context) {
    return rows.map((row) => {
      const status = row.Status as ProfiProvisionStatus;
      const betrag = Number(row.BetragCent);
      const nummer =
        row.GutschriftNr === null || row.GutschriftNr === undefined ? null : Number(row.GutschriftNr);
      return {
        Auftragsnummer: String(row.Auftragsnummer),
        ProduktId: String(row.ProduktId),
        Produkt: context.productName(String(row.ProduktId)),
        Datum: wireDateTime(new Date(row.Datum as Date | string)).slice(0, 10),
        BasisCent: Number(row.BasisCent),
        ExtraCent: Number(row.ExtraCent),
        BetragCent: betrag,
        Status: status,
        Grund: provisionGrund({
          status: STORED_STATUS[status],
          betragCent: betrag,
          concluded: row.Stand === 'concluded',
          inReview: row.Stand === 'review',
          onCreditNote: nummer !== null,
        }),
        Gutschrift: nummer === null ? null : profiCreditNoteNumber(nummer),
      };
    });
  },
});
