import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { AgencyReleaseWire, AgenturAuftragZeile } from '../../../schemas/agency.ts';
import { type EmpfehlungStatus, RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';
import type { Db } from '../../recommender/ownership.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { recommendationFacts } from './agencyLookups.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';

export const AGENCY_RELEASES: readonly AgencyReleaseWire[] = ['pending', 'released', 'rejected'];

const o = (column: string) => sql.ref(`o.${column}`);
const recommendation = (column: string) =>
  sql`(select ${sql.ref(`r.${column}`)} from recommendation r where r.id = ${o('recommendation_id')})`;

/**
 * PUT agentur/auftraege/{x}/: the orders through the agency's recommenders (`customer_order.agency_id`, set
 * by migration 0011's trigger), newest first by when they came in — the order the partial index
 * `customer_order_agency (mandant_id, agency_id, created_at, id)` reads, so page 1 and the next page are
 * index range reads. `Erfasst` (when the order came in) and `EmpfehlungId` are SQL columns the wire row does
 * not carry: `Erfasst` is the default order and can be sorted and filtered; neither is exported.
 */
export const agencyOrderReport = defineReport<AgencyReportContext, AgenturAuftragZeile>({
  name: 'agentur.auftraege',
  table: 'customer_order',
  alias: 'o',
  id: o('id'),
  idType: 'uuid',
  mandantColumn: o('mandant_id'),
  scope: (_db, { agencyId }) => sql`${o('agency_id')} = ${agencyId}`,
  scopeKey: ({ agencyId }) => agencyId,
  columns: [
    { name: 'Auftragsnummer', type: 'text', sql: o('external_order_id'), sortable: true, filterable: true },
    {
      // The order date as the moment its Berlin day begins, so the day filter and the order are exact.
      name: 'Auftragsdatum',
      type: 'date',
      sql: sql`(cast(${o('order_date')} as timestamp) at time zone 'Europe/Berlin')`,
      sortable: true,
      filterable: true,
    },
    // The product's id in SQL; toRows turns it into the name.
    { name: 'Produkt', type: 'text', sql: o('produkt_id') },
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: recommendation('empfehlungsnummer'),
      sortable: true,
      filterable: true,
    },
    { name: 'Empfehler', type: 'text' },
    { name: 'Mitarbeiter', type: 'text' },
    {
      name: 'Status',
      type: 'enum',
      values: RECOMMENDATION_STATUSES,
      sql: recommendation('status'),
      sortable: true,
      filterable: true,
    },
    {
      name: 'Freigabe',
      type: 'enum',
      values: AGENCY_RELEASES,
      sql: sql`coalesce(${o('agency_release')}, 'pending')`,
      sortable: true,
      filterable: true,
    },
    { name: 'ProvisionCent', type: 'money' },
    { name: 'Erfasst', type: 'date', sql: o('created_at'), sortable: true, filterable: true },
    { name: 'EmpfehlungId', type: 'text', sql: o('recommendation_id') },
  ],
  defaultOrder: { OrderBy: 'Erfasst', Descending: true },
  async toRows(db, rows, context) {
    if (rows.length === 0) return [];
    const facts = await recommendationFacts(
      db,
      context.mandantId,
      context.agencyId,
      rows.map((row) => row.EmpfehlungId),
    );
    const days = rows.map((row) => wireDateTime(new Date(row.Auftragsdatum as Date | string)).slice(0, 10));
    const provision = await provisionOf(
      db,
      context,
      rows.map((row, index) => ({
        produktId: context.productKey(String(row.Produkt)),
        day: days[index] ?? '',
      })),
    );
    return rows.map((row, index) => {
      const fact = facts.get(String(row.EmpfehlungId));
      return {
        Auftragsnummer: String(row.Auftragsnummer),
        Auftragsdatum: days[index] ?? '',
        Produkt: context.productName(String(row.Produkt)),
        Empfehlungsnummer: String(row.Empfehlungsnummer),
        Empfehler: fact?.empfehler ?? null,
        Mitarbeiter: fact?.mitarbeiter ?? null,
        Status: row.Status as EmpfehlungStatus,
        Freigabe: row.Freigabe as AgencyReleaseWire,
        ProvisionCent: provision[index] ?? null,
      };
    });
  },
});

/**
 * The agency's commission for each (product, order day): the entry of its reward plan for the product that
 * is valid on that day; where entries overlap, the one valid from the latest day (then the newest) counts.
 * One query per page.
 */
async function provisionOf(
  db: Db,
  { mandantId, agencyId }: AgencyReportContext,
  orders: readonly { produktId: string; day: string }[],
): Promise<(number | null)[]> {
  const products = [...new Set(orders.map((order) => order.produktId))];
  const plan = await db
    .selectFrom('agency_reward_plan')
    .select([
      'produkt_id',
      'provision_cent',
      sql<string>`cast(gueltig_ab as text)`.as('from'),
      sql<string | null>`cast(gueltig_bis as text)`.as('until'),
    ])
    .where('mandant_id', '=', mandantId)
    .where('agency_id', '=', agencyId)
    .where('produkt_id', 'in', products)
    .orderBy('gueltig_ab', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return orders.map(
    ({ produktId, day }) =>
      plan.find(
        (entry) =>
          entry.produkt_id === produktId && entry.from <= day && (entry.until === null || entry.until >= day),
      )?.provision_cent ?? null,
  );
}
