import { SUPPORT_SEARCH_MAX_LENGTH } from '../backofficeSupport.ts';
import { emailField } from './fields.ts';

/**
 * The back office's support search (issue 15): one text, matched against e-mail, name, Empfehlerhash, a
 * recommendation's number and a customer number. Its data travels as `Suche` in the body of
 * `PUT backoffice/support/empfehler` beside SPEC 3's report query.
 */
export const backofficeSupportSearchSchema = {
  $id: 'backofficeSupportSearch',
  type: 'object',
  properties: {
    Suche: { type: 'string', maxLength: SUPPORT_SEARCH_MAX_LENGTH, title: 'backoffice.support.search' },
  },
} as const;

export interface BackofficeSupportSearchData {
  Suche?: string;
}

/**
 * Erasing a recommender on request (GDPR Art. 17): the person's e-mail typed again as the confirmation.
 * The body of `POST backoffice/support/empfehler/{id}/loeschen`; a different address is 422 PSOF0764.
 */
export const backofficeEraseSchema = {
  $id: 'backofficeErase',
  type: 'object',
  required: ['Email'],
  properties: {
    Email: { ...emailField, title: 'backoffice.support.erase.email' },
  },
} as const;

export interface BackofficeEraseData {
  Email?: string;
}

/** Why an agency is rejected (or a note to an activation): goes into the owner's mail and the audit log. */
export const AGENCY_DECISION_REASON_MAX_LENGTH = 1000;

/**
 * The programme team's decision on a pending agency (docs/adr/0020): the body of
 * `PUT backoffice/agenturen/{id}/entscheidung`. A rejection without a reason is 422 PSOF0766.
 */
export const backofficeAgencyDecisionSchema = {
  $id: 'backofficeAgencyDecision',
  type: 'object',
  required: ['Entscheidung'],
  properties: {
    Entscheidung: {
      type: 'string',
      enum: ['activate', 'reject'],
      title: 'backoffice.agencies.decision',
    },
    Grund: {
      type: 'string',
      maxLength: AGENCY_DECISION_REASON_MAX_LENGTH,
      title: 'backoffice.agencies.reason',
    },
  },
} as const;

export interface BackofficeAgencyDecisionData {
  Entscheidung?: 'activate' | 'reject';
  Grund?: string;
}
