/** Wire shapes of the back office's audit log (issue 15), relative to /api/v1/{mandant}. */
export const BACKOFFICE_AUDIT_PATHS = {
  report: '/backoffice/protokoll/report',
  export: (format: 'csv' | 'xlsx') => `/backoffice/protokoll/report/export.${format}`,
} as const;

/** One entry: who did what to which record, when, and the record before and after (JSON text). */
export interface AuditZeile {
  Id: string;
  Zeitpunkt: string;
  Akteur: string;
  Aktion: string;
  Objekttyp: string;
  ObjektId: string;
  Vorher: string | null;
  Nachher: string | null;
}
