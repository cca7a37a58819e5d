import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { AgenturLeadZeile, LeadStatusWire } from '../../../schemas/agency.ts';
import { maskName } from '../../../schemas/personalArea.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { agencyRecommendationIds, recommendationFacts } from './agencyLookups.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';

export const LEAD_STATUSES: readonly LeadStatusWire[] = [
  'DatenErfasst',
  'Bestaetigt',
  'Bestellt',
  'Abgelaufen',
];

const e = (column: string) => sql.ref(`e.${column}`);

/**
 * How far a lead got, furthest first: an order through the friend (or, for an order that names no friend,
 * through the friend's recommendation) → Bestellt; data and consent confirmed (`confirmed_at`, set with the
 * consent of PUT empfaenger/zustimmung) → Bestaetigt; unconfirmed data erased or past its 12 weeks
 * (`delete_after`, SPEC 9) → Abgelaufen; else DatenErfasst. In SQL, so it sorts and filters.
 */
const leadStatus = (now: Date) => sql`case
  when exists (
    select 1 from customer_order o
    where o.mandant_id = ${e('mandant_id')}
      and (o.recipient_id = ${e('id')} or (o.recipient_id is null and o.recommendation_id = ${e('recommendation_id')}))
  ) then 'Bestellt'
  when ${e('confirmed_at')} is not null then 'Bestaetigt'
  when ${e('erased_at')} is not null or ${e('delete_after')} <= ${now} then 'Abgelaufen'
  else 'DatenErfasst'
end`;

/**
 * PUT agentur/leads/{x}/: the friends who gave their data through a recommendation of the agency's
 * recommenders, newest first. The agency sees a friend masked ('M*** M***'), never the personal data.
 * `Vorname`, `Nachname` and `EmpfehlungId` are SQL columns for toRows only: never sorted, filtered,
 * answered or exported.
 */
export function leadReportFor(now: Date) {
  return defineReport<AgencyReportContext, AgenturLeadZeile>({
    name: 'agentur.leads',
    table: 'recipient',
    alias: 'e',
    id: e('id'),
    idType: 'uuid',
    mandantColumn: e('mandant_id'),
    scope: (db, { mandantId, agencyId }) =>
      sql`${e('recommendation_id')} in (${agencyRecommendationIds(db, mandantId, agencyId)})`,
    scopeKey: ({ agencyId }) => agencyId,
    columns: [
      {
        name: 'Empfehlungsnummer',
        type: 'text',
        sql: sql`(select r.empfehlungsnummer from recommendation r where r.id = ${e('recommendation_id')})`,
        sortable: true,
        filterable: true,
      },
      { name: 'Datum', type: 'date', sql: e('created_at'), sortable: true, filterable: true },
      { name: 'Empfaenger', type: 'text' },
      { name: 'Produkt', type: 'text' },
      { name: 'Empfehler', type: 'text' },
      {
        name: 'Status',
        type: 'enum',
        values: LEAD_STATUSES,
        sql: leadStatus(now),
        sortable: true,
        filterable: true,
      },
      { name: 'Vorname', type: 'text', sql: e('vorname') },
      { name: 'Nachname', type: 'text', sql: e('nachname') },
      { name: 'EmpfehlungId', type: 'text', sql: e('recommendation_id') },
    ],
    defaultOrder: { OrderBy: 'Datum', Descending: true },
    async toRows(db, rows, context) {
      if (rows.length === 0) return [];
      const facts = await recommendationFacts(
        db,
        context.mandantId,
        context.agencyId,
        rows.map((row) => row.EmpfehlungId),
      );
      return rows.map((row) => {
        const fact = facts.get(String(row.EmpfehlungId));
        return {
          Empfehlungsnummer: String(row.Empfehlungsnummer),
          Datum: wireDateTime(new Date(row.Datum as Date | string)),
          Empfaenger: maskName(row.Vorname as string | null, row.Nachname as string | null) ?? '***',
          Produkt: fact ? context.productName(fact.produktId) : null,
          Empfehler: fact?.empfehler ?? null,
          Status: row.Status as LeadStatusWire,
        };
      });
    },
  });
}
