import { type Expression, sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import { PROVISION_STATUS_WIRE } from '../../../domain/profiCommission.ts';
import {
  PROFI_AUFTRAG_STATUS,
  PROFI_PROVISION_STATUS,
  type ProfiAuftrag,
  type ProfiAuftragStatus,
  type ProfiProvisionStatus,
} from '../../../schemas/profi.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

/** Whom a profi report is for: the seller within the mandant, and the catalogue's product names. */
export interface ProfiReportContext {
  mandantId: string;
  sellerId: string;
  productName: (produktId: string) => string | null;
}

const o = (column: string) => sql.ref(`o.${column}`);
const commission = (expression: string) =>
  sql`(select ${sql.raw(expression)} from profi_commission c where c.order_id = ${o('id')})`;

/** The stored commission status as the wire's, in SQL. */
export const provisionStatusSql = (status: Expression<unknown>) =>
  sql`case ${status} ${sql.join(
    Object.entries(PROVISION_STATUS_WIRE).map(([stored, wire]) => sql`when ${stored} then ${wire}`),
    sql` `,
  )} end`;

/**
 * The order's lifecycle as the seller sees it: cancelled (cancelled, review rejected, or its commission
 * cancelled with the recommendation), in review, released (its commission approved or paid), confirmed (the
 * contract concluded, waiting for the claim period), else received.
 */
const auftragStatus = sql`case
  when ${o('cancelled_at')} is not null or ${o('review')} = 'rejected' or ${commission('status')} = 'cancelled' then 'Storniert'
  when ${o('review')} = 'pending' then 'InPruefung'
  when ${commission('status')} in ('approved', 'paid') then 'Freigegeben'
  when ${o('concluded_at')} is not null then 'Bestaetigt'
  else 'Eingegangen' end`;

/**
 * GET profi/auftraege (and its CSV and XLSX export): the orders of the seller that carry a commission
 * (`customer_order.profi_seller_id`, written by migration 0022's trigger; an order in a channel that earns
 * nothing has none and is not listed), newest first by when they came in, read by the partial index
 * `customer_order_profi_seller (mandant_id, profi_seller_id, created_at, id)`. `Erfasst` is the default
 * order and can be sorted and filtered but is not a field of the row.
 */
export const profiOrderReport = defineReport<ProfiReportContext, ProfiAuftrag>({
  name: 'profi.auftraege',
  table: 'customer_order',
  alias: 'o',
  id: o('id'),
  idType: 'uuid',
  mandantColumn: o('mandant_id'),
  scope: (_db, { sellerId }) =>
    sql`${o('profi_seller_id')} = ${sellerId} and exists (select 1 from profi_commission c where c.order_id = ${o('id')})`,
  scopeKey: ({ sellerId }) => sellerId,
  columns: [
    { name: 'Auftragsnummer', type: 'text', sql: o('external_order_id'), sortable: true, filterable: true },
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: sql`(select r.empfehlungsnummer from recommendation r where r.id = ${o('recommendation_id')})`,
      sortable: true,
      filterable: true,
    },
    { name: 'ProduktId', type: 'text', sql: o('produkt_id'), sortable: true, filterable: true },
    { name: 'Produkt', type: 'text' },
    {
      // The order date as the moment its Berlin day begins, so the day filter and the order are exact.
      name: 'Datum',
      type: 'date',
      sql: sql`(cast(${o('order_date')} as timestamp) at time zone 'Europe/Berlin')`,
      sortable: true,
      filterable: true,
    },
    {
      name: 'Status',
      type: 'enum',
      values: PROFI_AUFTRAG_STATUS,
      sql: auftragStatus,
      sortable: true,
      filterable: true,
    },
    {
      name: 'ProvisionCent',
      type: 'money',
      sql: commission('basis_cent + extra_cent'),
      sortKey: sql`coalesce(${commission('basis_cent + extra_cent')}, 0)`,
      sortable: true,
      filterable: true,
    },
    {
      name: 'ProvisionStatus',
      type: 'enum',
      values: PROFI_PROVISION_STATUS,
      sql: provisionStatusSql(commission('status')),
      sortable: true,
      filterable: true,
    },
    { name: 'Erfasst', type: 'date', sql: o('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'Erfasst', Descending: true },
  async toRows(_db, rows, context) {
    return rows.map((row) => ({
      Auftragsnummer: String(row.Auftragsnummer),
      Empfehlungsnummer: String(row.Empfehlungsnummer),
      ProduktId: String(row.ProduktId),
      Produkt: context.productName(String(row.ProduktId)),
      Datum: wireDateTime(new Date(row.Datum as Date | string)).slice(0, 10),
      Status: row.Status as ProfiAuftragStatus,
      ProvisionCent: Number(row.ProvisionCent ?? 0),
      ProvisionStatus: row.ProvisionStatus as ProfiProvisionStatus,
    }));
  },
});

/** The fields of the wire row, in order: what the list answers and an export writes. */
export const PROFI_AUFTRAG_FIELDS = [
  'Auftragsnummer',
  'Empfehlungsnummer',
  'ProduktId',
  'Produkt',
  'Datum',
  'Status',
  'ProvisionCent',
  'ProvisionStatus',
] as const satisfies readonly (keyof ProfiAuftrag)[];
