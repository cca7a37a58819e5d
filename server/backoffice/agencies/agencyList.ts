import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import {
  AGENCY_STATUSES,
  type BackofficeAgencyStatus,
  type BackofficeAgenturZeile,
} from '../../../schemas/backofficeSupport.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

const g = (column: string) => sql.ref(`g.${column}`);

/**
 * The order of the Status column: pending first (they wait for the programme team), then registered
 * (e-mail or data missing), active, rejected; within a status the oldest first (waiting longest). One
 * never-NULL text of digits, so the keyset compares it in any collation.
 */
const statusOrder = sql`(case ${g('status')} when 'pending' then '0' when 'registered' then '1' when 'active' then '2' else '3' end)
  || to_char(${g('created_at')} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

/**
 * PUT backoffice/agenturen (issue 15, ability `agencies`): the mandant's agencies, pending first. The
 * mandant condition is the report machinery's (server/reports); there is no further scope.
 */
export const agencyListReport = defineReport<Record<string, never>, BackofficeAgenturZeile>({
  name: 'backoffice.agenturen',
  table: 'agency',
  alias: 'g',
  id: g('id'),
  idType: 'uuid',
  mandantColumn: g('mandant_id'),
  scope: () => sql<boolean>`true`,
  scopeKey: () => 'all',
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${g('id')} as text)` },
    { name: 'Agenturnummer', type: 'text', sql: g('agenturnummer'), sortable: true, filterable: true },
    { name: 'Firma', type: 'text', sql: g('firma'), sortable: true, filterable: true },
    { name: 'Ort', type: 'text', sql: g('ort'), filterable: true },
    { name: 'KontaktEmail', type: 'text', sql: g('kontakt_email'), filterable: true },
    {
      name: 'Status',
      type: 'enum',
      values: AGENCY_STATUSES,
      sql: g('status'),
      sortKey: statusOrder,
      keyType: 'text',
      sortable: true,
      filterable: true,
    },
    { name: 'RegistriertAm', type: 'date', sql: g('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'Status', Descending: false },
  async toRows(_db, rows) {
    return rows.map((row) => ({
      Id: String(row.Id),
      Agenturnummer: String(row.Agenturnummer),
      Firma: String(row.Firma),
      Ort: String(row.Ort ?? ''),
      KontaktEmail: String(row.KontaktEmail ?? ''),
      Status: row.Status as BackofficeAgencyStatus,
      RegistriertAm: wireDateTime(new Date(row.RegistriertAm as Date | string)),
    }));
  },
});
