import type { AgencyRegistrationData, AgencyRegistrationDataForm } from './forms/agencyRegistration.ts';

/** The calls of the agency's self-registration, relative to /api/v1/{mandant} (server/agency/registration). */
export const AGENCY_REGISTRATION_PATHS = {
  register: '/agentur/registrieren',
  confirm: '/agentur/bestaetigen',
  data: '/agentur/registrieren/daten',
} as const;

/** An agency's status (agency.status): a self-registered agency waits for the programme team. */
export type AgencyStatus = 'registered' | 'pending' | 'active' | 'rejected';

/** POST /{mandant}/agentur/registrieren (issue 14): the form's data; the terms box as SPEC 5 takes it. */
export type AgenturRegistrierenRequest = Required<Omit<AgencyRegistrationData, 'Agb'>> & {
  Agb: boolean | string | number;
};

/** The answer of the registration: the address the confirmation mail went to (the same for any address). */
export interface AgenturRegistrierenResponse {
  Email: string;
}

/** PUT /{mandant}/agentur/bestaetigen: the token of the mailed link. */
export interface AgenturBestaetigenRequest {
  Token: string;
}

/** The confirmation's answer: the agency and a fresh single-use token for the data step. */
export interface AgenturBestaetigenResponse {
  Agenturnummer: string;
  Firma: string;
  Status: AgencyStatus;
  /** For PUT agentur/registrieren/daten (AgencyRegisterData/:token), valid 72 h, single use. */
  Token: string;
}

/** PUT /{mandant}/agentur/registrieren/daten: the data step's token and the additional data. */
export type AgenturRegistrierenDatenRequest = AgencyRegistrationDataForm & { Token: string };

export interface AgenturRegistrierenDatenResponse {
  Agenturnummer: string;
  Status: AgencyStatus;
}
