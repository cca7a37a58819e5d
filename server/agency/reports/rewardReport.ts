import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { AgenturPraemieZeile } from '../../../schemas/agency.ts';
import { PRAEMIERUNG_STATUSES } from '../../../schemas/praemien.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { agencyRecommendationIds, recommendationFacts } from './agencyLookups.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';

const p = (column: string) => sql.ref(`p.${column}`);

/**
 * PUT agentur/praemien/{x}/: the rewards of the agency's recommenders, earned with the agency's
 * recommendations, newest first. Only the recommender's reward: the friend's part of a split reward is the
 * friend's business. `PraemieId` (the chosen catalogue entry, for the title) and `EmpfehlungId` are for
 * toRows only.
 */
export const agencyRewardReport = defineReport<AgencyReportContext, AgenturPraemieZeile>({
  name: 'agentur.praemien',
  table: 'praemierung',
  alias: 'p',
  id: p('id'),
  idType: 'uuid',
  mandantColumn: p('mandant_id'),
  scope: (db, { mandantId, agencyId }) =>
    sql`${p('beneficiary')} = 'recommender' and ${p('recommendation_id')} in (${agencyRecommendationIds(db, mandantId, agencyId)})`,
  scopeKey: ({ agencyId }) => agencyId,
  columns: [
    {
      name: 'Empfehlungsnummer',
      type: 'text',
      sql: sql`coalesce((select r.empfehlungsnummer from recommendation r where r.id = ${p('recommendation_id')}), '')`,
      sortable: true,
      filterable: true,
    },
    { name: 'Empfehler', type: 'text' },
    { name: 'Titel', type: 'text' },
    { name: 'WertCent', type: 'money', sql: p('wert_cent'), sortable: true, filterable: true },
    {
      name: 'Status',
      type: 'enum',
      values: PRAEMIERUNG_STATUSES,
      sql: p('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'Datum', type: 'date', sql: p('created_at'), sortable: true, filterable: true },
    { name: 'PraemieId', type: 'text', sql: p('praemie_id') },
    { name: 'EmpfehlungId', type: 'text', sql: p('recommendation_id') },
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
      const praemieId = row.PraemieId as string | null;
      return {
        Empfehlungsnummer: String(row.Empfehlungsnummer),
        Empfehler: facts.get(String(row.EmpfehlungId))?.empfehler ?? null,
        Titel: praemieId ? context.rewardTitle(praemieId) : null,
        WertCent: Number(row.WertCent),
        Status: String(row.Status),
        Datum: wireDateTime(new Date(row.Datum as Date | string)),
      };
    });
  },
});
