import type { NewsletterState } from './newsletter.ts';

/**
 * Wire shapes of the back office's support and agency sections (issue 15), relative to /api/v1/{mandant}.
 * Support (ability `support`): find a recommender, their card, SPEC's admin token login, resend a mail,
 * export and erase (GDPR Art. 15, 17, 20). Agencies (ability `agencies`): self-registered agencies wait
 * in `pending` until the programme team activates or rejects them (docs/adr/0020).
 */
export const BACKOFFICE_SUPPORT_PATHS = {
  /** PUT: SPEC 3's report query plus `Suche`. */
  search: '/backoffice/support/empfehler',
  card: (id: string) => `/backoffice/support/empfehler/${encodeURIComponent(id)}`,
  adminLogin: (id: string) => `/backoffice/support/empfehler/${encodeURIComponent(id)}/adminLogin`,
  resendMail: (id: string) => `/backoffice/support/empfehler/${encodeURIComponent(id)}/mail`,
  export: (id: string) => `/backoffice/support/empfehler/${encodeURIComponent(id)}/export`,
  erase: (id: string) => `/backoffice/support/empfehler/${encodeURIComponent(id)}/loeschen`,
  /** PUT: SPEC 3's report query (Filter.Status). */
  agencies: '/backoffice/agenturen',
  agency: (id: string) => `/backoffice/agenturen/${encodeURIComponent(id)}`,
  agencyDecision: (id: string) => `/backoffice/agenturen/${encodeURIComponent(id)}/entscheidung`,
} as const;

/** The longest search text: an e-mail address (254) is the longest thing anyone searches for. */
export const SUPPORT_SEARCH_MAX_LENGTH = 254;

export const ACCOUNT_STATUSES = ['active', 'blocked', 'suspended', 'excluded'] as const;

/** One row of the recommender search. */
export interface SupportEmpfehlerZeile {
  Id: string;
  Email: string;
  Vorname: string;
  Nachname: string;
  Empfehlerhash: string;
  Status: string;
  RegistriertAm: string;
}

export interface SupportPraemie {
  Id: string;
  Empfehlungsnummer: string | null;
  Status: string;
  WertCent: number;
  ErstelltAm: string;
  /** A reward mail can be sent for it (not collected, cancelled or lapsed). */
  MailMoeglich: boolean;
}

export interface SupportMail {
  /** The template's name (welcome, newsletterOptin, rewardReady …); never the body. */
  Vorlage: string;
  Status: string;
  ErstelltAm: string;
  VersendetAm: string | null;
}

/** A recommender's card: what support needs to help, never the IBAN. */
export interface SupportEmpfehlerKarte {
  Id: string;
  Email: string;
  Anrede: string;
  Vorname: string;
  Nachname: string;
  Empfehlerhash: string;
  Sprache: string;
  Status: string;
  RegistriertAm: string;
  /** False while the registration is not finished (no password set yet). */
  PasswortGesetzt: boolean;
  Empfehlungen: number;
  Praemierungen: SupportPraemie[];
  /** Bank details stored (the IBAN itself is never shown here). */
  BankdatenHinterlegt: boolean;
  Newsletter: NewsletterState;
  /** The last mails to the address from the outbox, newest first. */
  Mails: SupportMail[];
}

/** POST …/adminLogin: the page to open in a new tab (single use, `GueltigMinuten` minutes). */
export interface SupportAdminLoginResponse {
  Url: string;
  GueltigMinuten: number;
}

export const SUPPORT_MAIL_KINDS = ['welcome', 'passwordReset', 'newsletterOptin', 'reward'] as const;
export type SupportMailKind = (typeof SUPPORT_MAIL_KINDS)[number];

/** POST …/mail. `PraemierungId` names the reward of a `reward` mail. */
export interface SupportMailRequest {
  Mail: SupportMailKind;
  PraemierungId?: string;
}

/** Which template went out (`welcome` for an account with a password is `alreadyRegistered`). */
export interface SupportMailResponse {
  Vorlage: string;
}

/** POST …/loeschen: the person's e-mail typed again (schemas/forms/backofficeErase.ts). */
export interface SupportEraseRequest {
  Email: string;
}

export const AGENCY_STATUSES = ['pending', 'registered', 'active', 'rejected'] as const;
export type BackofficeAgencyStatus = (typeof AGENCY_STATUSES)[number];

export interface BackofficeAgenturZeile {
  Id: string;
  Agenturnummer: string;
  Firma: string;
  Ort: string;
  KontaktEmail: string;
  Status: BackofficeAgencyStatus;
  RegistriertAm: string;
}

export interface BackofficeAgentur {
  Id: string;
  Status: BackofficeAgencyStatus;
  RegistriertAm: string;
  Agenturnummer: string;
  Firma: string;
  Strasse: string;
  Plz: string;
  Ort: string;
  UstId: string;
  Steuernummer: string;
  KontaktName: string;
  KontaktEmail: string;
  KontaktTelefon: string;
  /** Masked (DE89 **** **** **** **** 00). */
  IBAN: string | null;
  Kontoinhaber: string | null;
  /** The owners (their sign-in addresses): they get the decision's mail. */
  Inhaber: { Name: string; Email: string }[];
}

export const AGENCY_DECISIONS = ['activate', 'reject'] as const;
export type AgencyDecision = (typeof AGENCY_DECISIONS)[number];

/** PUT …/entscheidung (schemas/forms/backofficeAgencyDecision.ts). A rejection needs a reason. */
export interface AgencyDecisionRequest {
  Entscheidung: AgencyDecision;
  Grund?: string;
}
