import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { AgencyUserStatusWire, AgenturMitarbeiterZeile } from '../../../schemas/agency.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';

export const AGENCY_USER_STATUSES: readonly AgencyUserStatusWire[] = ['active', 'inactive', 'blocked'];

const u = (column: string) => sql.ref(`u.${column}`);

/**
 * PUT agentur/{x}: the agency's staff (`agency_user.agency_id`), newest first. Never the sign-in columns
 * (password hash, SSO subject).
 */
export const agencyStaffReport = defineReport<AgencyReportContext, AgenturMitarbeiterZeile>({
  name: 'agentur.mitarbeiter',
  table: 'agency_user',
  alias: 'u',
  id: u('id'),
  idType: 'uuid',
  mandantColumn: u('mandant_id'),
  scope: (_db, { agencyId }) => sql`${u('agency_id')} = ${agencyId}`,
  scopeKey: ({ agencyId }) => agencyId,
  columns: [
    { name: 'Id', type: 'text', sql: sql`cast(${u('id')} as text)` },
    { name: 'Name', type: 'text', sql: u('name'), sortable: true, filterable: true },
    { name: 'Email', type: 'text', sql: u('email'), sortable: true, filterable: true },
    {
      name: 'Mitarbeiternummer',
      type: 'text',
      sql: u('mitarbeiternummer'),
      sortKey: sql`coalesce(${u('mitarbeiternummer')}, '')`,
      sortable: true,
      filterable: true,
    },
    { name: 'Rollen', type: 'text', sql: u('roles') },
    {
      name: 'Status',
      type: 'enum',
      values: AGENCY_USER_STATUSES,
      sql: u('status'),
      sortable: true,
      filterable: true,
    },
    { name: 'Angelegt', type: 'date', sql: u('created_at'), sortable: true, filterable: true },
  ],
  defaultOrder: { OrderBy: 'Angelegt', Descending: true },
  async toRows(_db, rows) {
    return rows.map((row) => ({
      Id: String(row.Id),
      Name: String(row.Name),
      Email: String(row.Email),
      Mitarbeiternummer: (row.Mitarbeiternummer as string | null) ?? null,
      Rollen: (row.Rollen as string[] | null) ?? [],
      Status: row.Status as AgencyUserStatusWire,
      Angelegt: wireDateTime(new Date(row.Angelegt as Date | string)),
    }));
  },
});
