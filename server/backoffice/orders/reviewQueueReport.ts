import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { ReviewRow } from '../../../schemas/backofficeOrders.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import type { OrderSearchContext } from './orderSearchReport.ts';

const o = (column: string) => sql.ref(`o.${column}`);
const recommendation = (expression: ReturnType<typeof sql>) =>
  sql`(select ${expression} from recommendation r where r.id = ${o('recommendation_id')})`;

/**
 * PUT backoffice/pruefung/: the orders the fraud checks flagged that wait for a review, oldest first (the
 * partial index `customer_order_review (mandant_id, created_at, id) where review = 'pending'`). The reasons
 * travel as their codes, comma-separated; the runtime explains each in the user's language.
 */
export const reviewQueueReport = defineReport<Omit<OrderSearchContext, 'search'>, ReviewRow>({
  name: 'backoffice.pruefung',
  table: 'customer_order',
  alias: 'o',
  id: o('id'),
  idType: 'uuid',
  mandantColumn: o('mandant_id'),
  scope: () => sql`${o('review')} = 'pending'`,
  scopeKey: () => '',
  columns: [
    { name: 'Auftragsnummer', type: 'text', sql: o('external_order_id'), sortable: true, filterable: true },
    { name: 'Erfasst', type: 'date', sql: o('created_at'), sortable: true, filterable: true },
    { name: 'Auftragsdatum', type: 'text', sql: sql`to_char(${o('order_date')}, 'YYYY-MM-DD')` },
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: recommendation(sql.ref('r.empfehlungsnummer')),
      sortable: true,
      filterable: true,
    },
    { name: 'Produkt', type: 'text', sql: o('produkt_id') },
    {
      name: 'Empfehler',
      type: 'text',
      sql: recommendation(
        sql`coalesce((select a.email from account a where a.id = r.account_id), r.empfehler_email)`,
      ),
    },
    {
      name: 'Empfaenger',
      type: 'text',
      sql: sql`(select rc.email from recipient rc where rc.id = ${o('recipient_id')})`,
    },
    { name: 'Pruefgruende', type: 'text', sql: sql`array_to_string(${o('fraud_reasons')}, ',')` },
    { name: 'Version', type: 'number', sql: o('version') },
  ],
  defaultOrder: { OrderBy: 'Erfasst', Descending: false },
  async toRows(_db, rows, context) {
    return rows.map((row) => ({
      Auftragsnummer: String(row.Auftragsnummer),
      Erfasst: wireDateTime(new Date(row.Erfasst as Date | string)),
      Auftragsdatum: String(row.Auftragsdatum),
      Empfehlungsnummer: String(row.Empfehlungsnummer),
      Produkt: context.productName(String(row.Produkt)) ?? String(row.Produkt),
      Empfehler: (row.Empfehler as string | null) ?? null,
      Empfaenger: (row.Empfaenger as string | null) ?? null,
      Pruefgruende: String(row.Pruefgruende ?? ''),
      Version: Number(row.Version),
    }));
  },
});
