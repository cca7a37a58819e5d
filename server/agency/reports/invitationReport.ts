import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import {
  type AgenturEinladungZeile,
  INVITATION_ARTEN,
  type InvitationArtWire,
  type InvitationStatusWire,
} from '../../../schemas/agency.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';
import { staffNames } from './agencyLookups.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';

export const INVITATION_STATUSES: readonly InvitationStatusWire[] = [
  'Versendet',
  'Registriert',
  'Abgelaufen',
];

const i = (column: string) => sql.ref(`i.${column}`);

/**
 * PUT agentur/einladungen/{x}/: the agency's invitations (`agency_invitation`), newest first (index
 * `agency_invitation_agency (mandant_id, agency_id, created_at, id)`). An invitation still 'Versendet' whose
 * link is past `expires_at` shows as Abgelaufen, in SQL so it sorts and filters. `MitarbeiterId` is for
 * toRows only.
 */
export function invitationReportFor(now: Date) {
  return defineReport<AgencyReportContext, AgenturEinladungZeile>({
    name: 'agentur.einladungen',
    table: 'agency_invitation',
    alias: 'i',
    id: i('id'),
    idType: 'uuid',
    mandantColumn: i('mandant_id'),
    scope: (_db, { agencyId }) => sql`${i('agency_id')} = ${agencyId}`,
    scopeKey: ({ agencyId }) => agencyId,
    columns: [
      { name: 'Id', type: 'text', sql: sql`cast(${i('id')} as text)` },
      { name: 'Datum', type: 'date', sql: i('created_at'), sortable: true, filterable: true },
      { name: 'Vorname', type: 'text', sql: i('vorname'), sortable: true, filterable: true },
      { name: 'Nachname', type: 'text', sql: i('nachname'), sortable: true, filterable: true },
      { name: 'Email', type: 'text', sql: i('email'), sortable: true, filterable: true },
      {
        name: 'Art',
        type: 'enum',
        values: INVITATION_ARTEN,
        sql: i('art'),
        sortable: true,
        filterable: true,
      },
      { name: 'Mitarbeiter', type: 'text' },
      {
        name: 'Status',
        type: 'enum',
        values: INVITATION_STATUSES,
        sql: sql`case when ${i('status')} = 'Versendet' and ${i('expires_at')} <= ${now} then 'Abgelaufen' else ${i('status')} end`,
        sortable: true,
        filterable: true,
      },
      { name: 'MitarbeiterId', type: 'text', sql: i('agency_user_id') },
      { name: 'Mitarbeiternummer', type: 'text', sql: i('mitarbeiternummer') },
    ],
    defaultOrder: { OrderBy: 'Datum', Descending: true },
    async toRows(db, rows, context) {
      if (rows.length === 0) return [];
      const names = await staffNames(
        db,
        context.mandantId,
        context.agencyId,
        rows.map((row) => row.MitarbeiterId),
      );
      return rows.map((row) => ({
        Id: String(row.Id),
        Datum: wireDateTime(new Date(row.Datum as Date | string)),
        Vorname: String(row.Vorname),
        Nachname: String(row.Nachname),
        Email: String(row.Email),
        Art: row.Art as InvitationArtWire,
        // The employee's name; the number given with the invitation when the employee has no account.
        Mitarbeiter:
          names.get(String(row.MitarbeiterId)) ?? ((row.Mitarbeiternummer as string | null) || null),
        Status: row.Status as InvitationStatusWire,
      }));
    },
  });
}
