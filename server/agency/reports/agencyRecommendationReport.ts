import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { AgenturEmpfehlungZeile } from '../../../schemas/agency.ts';
import { type EmpfehlungStatus, RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { recommendationFacts } from './agencyLookups.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';

const r = (column: string) => sql.ref(`r.${column}`);

/**
 * PUT agentur/empfehlungen/{x}/: the recommendations of the agency's recommenders (`recommendation.agency_id`,
 * copied from the account by migration 0011's trigger), erased ones left out; newest first, which the
 * partial index `recommendation_agency (mandant_id, agency_id, created_at, id)` reads in order.
 */
export const agencyRecommendationReport = defineReport<AgencyReportContext, AgenturEmpfehlungZeile>({
  name: 'agentur.empfehlungen',
  table: 'recommendation',
  alias: 'r',
  id: r('id'),
  idType: 'uuid',
  mandantColumn: r('mandant_id'),
  scope: (_db, { agencyId }) => sql`${r('agency_id')} = ${agencyId} and ${r('erased_at')} is null`,
  scopeKey: ({ agencyId }) => agencyId,
  columns: [
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: r('empfehlungsnummer'),
      sortable: true,
      filterable: true,
    },
    { name: 'Datum', type: 'date', sql: r('created_at'), sortable: true, filterable: true },
    { name: 'Empfehler', type: 'text' },
    { name: 'Mitarbeiter', type: 'text' },
    // The product's id in SQL; toRows turns it into the name.
    { name: 'Produkt', type: 'text', sql: r('produkt_id') },
    {
      name: 'Status',
      type: 'enum',
      values: RECOMMENDATION_STATUSES,
      sql: r('status'),
      sortable: true,
      filterable: true,
    },
    {
      name: 'Channel',
      type: 'text',
      sql: r('channel'),
      sortKey: sql`coalesce(${r('channel')}, '')`,
      sortable: true,
      filterable: true,
    },
  ],
  defaultOrder: { OrderBy: 'Datum', Descending: true },
  async toRows(db, rows, context) {
    if (rows.length === 0) return [];
    const facts = await recommendationFacts(
      db,
      context.mandantId,
      context.agencyId,
      rows.map((row) => row.__id),
    );
    return rows.map((row) => {
      const fact = facts.get(row.__id);
      return {
        Empfehlungsnummer: String(row.Empfehlungsnummer),
        Datum: wireDateTime(new Date(row.Datum as Date | string)),
        Empfehler: fact?.empfehler ?? null,
        Mitarbeiter: fact?.mitarbeiter ?? null,
        Produkt: context.productName(String(row.Produkt)),
        Status: row.Status as EmpfehlungStatus,
        Channel: (row.Channel as string | null) ?? null,
      };
    });
  },
});
