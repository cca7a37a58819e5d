import { sql } from 'kysely';
import { wireDateTime } from '../../../domain/format.ts';
import type { AuditZeile } from '../../../schemas/backofficeAudit.ts';
import { defineReport } from '../../reports/ReportDefinition.ts';

const a = (column: string) => sql.ref(`a.${column}`);

/**
 * The audit log as a report (issue 15: admins read, filter and export it): newest first, filters for the
 * actor, the action, the record and the period (Zeitpunkt: a day or FROM..TO). Before and after are the
 * stored JSON as text; CSV cells that a spreadsheet would run are neutralised by server/reports.
 */
export const auditReport = defineReport<Record<string, never>, AuditZeile>({
  name: 'backoffice.audit',
  table: 'audit_log',
  alias: 'a',
  id: a('id'),
  idType: 'bigint',
  mandantColumn: a('mandant_id'),
  scope: () => sql<boolean>`true`,
  scopeKey: () => '',
  columns: [
    { name: 'Zeitpunkt', type: 'date', sql: a('created_at'), sortable: true, filterable: true },
    { name: 'Akteur', type: 'text', sql: a('actor_email'), sortable: true, filterable: true },
    { name: 'Aktion', type: 'text', sql: a('action'), sortable: true, filterable: true },
    { name: 'Objekttyp', type: 'text', sql: a('subject_type'), sortable: true, filterable: true },
    { name: 'ObjektId', type: 'text', sql: a('subject_id'), filterable: true },
    { name: 'Vorher', type: 'text', sql: sql`${a('before')}::text` },
    { name: 'Nachher', type: 'text', sql: sql`${a('after')}::text` },
  ],
  defaultOrder: { OrderBy: 'Zeitpunkt', Descending: true },
  async toRows(_db, rows) {
    return rows.map((row) => ({
      Id: String(row.__id),
      Zeitpunkt: wireDateTime(new Date(row.Zeitpunkt as string)),
      Akteur: String(row.Akteur),
      Aktion: String(row.Aktion),
      Objekttyp: String(row.Objekttyp),
      ObjektId: String(row.ObjektId),
      Vorher: (row.Vorher as string | null) ?? null,
      Nachher: (row.Nachher as string | null) ?? null,
    }));
  },
});
