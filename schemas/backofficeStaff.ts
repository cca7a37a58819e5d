import type { BackofficeRole } from '../domain/backofficeAbilities.ts';

/** Wire shapes of the back office's staff management (issue 15), relative to /api/v1/{mandant}. */
export const BACKOFFICE_STAFF_PATHS = {
  report: '/backoffice/mitarbeiter/report',
  invite: '/backoffice/mitarbeiter',
  roles: (id: string) => `/backoffice/mitarbeiter/${encodeURIComponent(id)}/rollen`,
  status: (id: string) => `/backoffice/mitarbeiter/${encodeURIComponent(id)}/status`,
  setPassword: '/backoffice/passwortSetzen',
} as const;

/** One member of the programme team. */
export interface BackofficeMitarbeiterZeile {
  Id: string;
  Name: string;
  Email: string;
  Rollen: BackofficeRole[];
  Status: 'active' | 'inactive';
  /** How they sign in: single sign-on, password (+ TOTP), or invited and no password yet. */
  Anmeldung: 'sso' | 'passwort' | 'eingeladen';
  LetzteAnmeldung: string | null;
  Angelegt: string;
  /** Send it back with a change (else 409 PSOF0705). */
  Stand: string;
}
