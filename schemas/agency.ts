/**
 * The agency area on the wire (issue 14, SPEC sections 2, 6, 7): the reports' rows and the other calls'
 * bodies, shared by the server's routes and the runtime's pages. Paths are relative to /api/v1/{mandant}.
 *
 * `{x}` in SPEC's report paths is the caller's Agenturnummer: the server takes the agency from the token,
 * and a number other than the caller's own answers 404 PSOF0601 (an agency never reads another's rows).
 */
import type { EmpfehlungStatus } from './personalArea.ts';

export type AgencyUserStatusWire = 'active' | 'inactive' | 'blocked';
export type AgencyReleaseWire = 'pending' | 'released' | 'rejected';
export type InvitationArtWire = 'VorOrt' | 'Telefonisch';
export const INVITATION_ARTEN: readonly InvitationArtWire[] = ['VorOrt', 'Telefonisch'];
export type InvitationStatusWire = 'Versendet' | 'Registriert' | 'Abgelaufen';
/** A lead: a friend who gave their data through one of the agency's recommenders. */
export type LeadStatusWire = 'DatenErfasst' | 'Bestaetigt' | 'Bestellt' | 'Abgelaufen';

/** The report paths of SPEC 7, with the caller's Agenturnummer for `{x}`. Each takes a ReportQuery (PUT). */
export const AGENCY_REPORT_PATHS = {
  /** PUT agentur/{x}: the agency's staff. */
  employees: (nr: string) => `/agentur/${encodeURIComponent(nr)}`,
  /** PUT agentur/auftraege/{x}/: orders through the agency's recommenders, with the agency's release. */
  orders: (nr: string) => `/agentur/auftraege/${encodeURIComponent(nr)}/`,
  /** PUT agentur/empfehlungen/{x}/: recommendations of the agency's recommenders (recommender report). */
  recommendations: (nr: string) => `/agentur/empfehlungen/${encodeURIComponent(nr)}/`,
  /** PUT agentur/leads/{x}/: the friends who gave their data. */
  leads: (nr: string) => `/agentur/leads/${encodeURIComponent(nr)}/`,
  /** PUT agentur/einladungen/{x}/: the invitations sent. */
  invitations: (nr: string) => `/agentur/einladungen/${encodeURIComponent(nr)}/`,
  /** PUT agentur/praemien/{x}/: the rewards earned through the agency's recommenders. */
  rewards: (nr: string) => `/agentur/praemien/${encodeURIComponent(nr)}/`,
} as const;
/** Exports: `${reportPath}export.csv|xlsx?OrderBy=&Descending=&Filter.Column=` (trailing slash kept). */

/** PUT agentur/auftragfreigeben/{a}/{b}: a = Agenturnummer, b = Auftragsnummer. DELETE rejects the order. */
export const orderReleasePath = (nr: string, auftragsnummer: string): string =>
  `/agentur/auftragfreigeben/${encodeURIComponent(nr)}/${encodeURIComponent(auftragsnummer)}`;

export interface AgenturMitarbeiterZeile {
  Id: string;
  Name: string;
  Email: string;
  Mitarbeiternummer: string | null;
  Rollen: string[];
  Status: AgencyUserStatusWire;
  /** Wire date-time (Berlin). */
  Angelegt: string;
}

export interface AgenturAuftragZeile {
  Auftragsnummer: string;
  /** YYYY-MM-DD. */
  Auftragsdatum: string;
  Produkt: string | null;
  Empfehlungsnummer: string;
  /** The recommender's name. */
  Empfehler: string | null;
  /** The employee who brought the recommender. */
  Mitarbeiter: string | null;
  Status: EmpfehlungStatus;
  Freigabe: AgencyReleaseWire;
  /** The commission of the agency's reward plan for the product on the order date, in cents. */
  ProvisionCent: number | null;
}

export interface AgenturEmpfehlungZeile {
  Empfehlungsnummer: string;
  /** Wire date-time (Berlin). */
  Datum: string;
  Empfehler: string | null;
  Mitarbeiter: string | null;
  Produkt: string | null;
  Status: EmpfehlungStatus;
  Channel: string | null;
}

export interface AgenturLeadZeile {
  Empfehlungsnummer: string;
  /** When the friend gave their data (wire date-time). */
  Datum: string;
  /** The friend, masked ('M*** M***'): the agency does not get the friend's personal data. */
  Empfaenger: string;
  Produkt: string | null;
  Empfehler: string | null;
  Status: LeadStatusWire;
}

export interface AgenturEinladungZeile {
  Id: string;
  /** Wire date-time (Berlin). */
  Datum: string;
  Vorname: string;
  Nachname: string;
  Email: string;
  Art: InvitationArtWire;
  Mitarbeiter: string | null;
  Status: InvitationStatusWire;
}

export interface AgenturPraemieZeile {
  Empfehlungsnummer: string;
  Empfehler: string | null;
  Titel: string | null;
  WertCent: number;
  /** SPEC 3 reward statuses (Offen, Bereitgestellt, Ausgezahlt, Abgeholt, Storniert, Abgelaufen). */
  Status: string;
  /** Wire date-time (Berlin). */
  Datum: string;
}

/** PUT Einladung with a body (SPEC 3 "Agent invitation"). Without a body the call answers the captcha need. */
export interface EinladungRequest {
  Vorname: string;
  Nachname: string;
  Email: string;
  Art: InvitationArtWire;
  Mitarbeiternummer?: string | null;
  /**
   * When the pre-check said a captcha is required: the ALTCHA payload, as every form of the platform sends it
   * (server/captcha/README.md; SPEC 3's "id and input" are both inside it).
   */
  Captcha?: string;
}

/** PUT Einladung without a body; also part of GET Einladung/daten. */
export interface EinladungCaptchaCheck {
  CaptchaErforderlich: boolean;
}

/** GET Einladung/daten: what the invitation form starts with. */
export interface EinladungDaten extends EinladungCaptchaCheck {
  /** The caller's own employee number (the form's default). */
  Mitarbeiternummer: string | null;
  Arten: InvitationArtWire[];
  Agentur: { Agenturnummer: string; Firma: string };
}

/** PUT Einladung with a body answers 201 with the invitation as the invitations report lists it. */
export type EinladungAngelegt = AgenturEinladungZeile;

/** GET Einladung/{token} (no login): what the invited customer's page greets and prefills with. */
export interface EinladungAnsicht {
  Vorname: string;
  Nachname: string;
  Email: string;
  /** The inviting agency's company name. */
  Agentur: string;
}

/**
 * POST Einladung/{token}/registrieren (no login): the invited customer's password and the terms box
 * (schemas/forms/invitationRegistration.ts). Answers the LoginResponse of a login (schemas/account.ts).
 */
export interface EinladungRegistrierenRequest {
  Password: string;
  PasswordConfirm: string;
  /** SPEC 5: true, "yes" or a positive number. */
  Agb: boolean | string | number;
}

/** POST agentur/mitarbeiter (owner): a member of staff of the caller's agency; answers 201 AgenturMitarbeiterZeile. */
export interface MitarbeiterAnlegenRequest {
  Name: string;
  Email: string;
  Mitarbeiternummer?: string | null;
  Rolle: 'owner' | 'inactiveOwner' | 'employee';
}

/** PUT agentur/mitarbeiter/{id}/status (owner): deactivate or reactivate; answers AgenturMitarbeiterZeile. */
export interface MitarbeiterStatusRequest {
  Status: 'active' | 'inactive';
}

/** Paths of the invitation and staff calls, relative to /api/v1/{mandant}. */
export const INVITATION_PATHS = {
  invite: '/Einladung',
  formData: '/Einladung/daten',
  invitation: (token: string) => `/Einladung/${encodeURIComponent(token)}`,
  register: (token: string) => `/Einladung/${encodeURIComponent(token)}/registrieren`,
  staff: '/agentur/mitarbeiter',
  staffStatus: (id: string) => `/agentur/mitarbeiter/${encodeURIComponent(id)}/status`,
} as const;
