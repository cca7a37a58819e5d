/**
 * Wire contract of the agency staff's passwords (issue 14, SPEC 2 agency pages; server/agency/passwords),
 * relative to /api/v1/{mandant}. The bodies are those of the recommenders' calls.
 */
import type { ResetPasswordRequest, ResetPasswordWithoutTokenRequest } from './account.ts';

export const AGENCY_PASSWORD_PATHS = {
  /** Public: mails a reset link to an active agency user; 202 for every address. */
  forgot: '/agentur/passwortVergessen',
  /** Public: sets the password with a welcome or reset link and signs in (AgencyTokenResponse). */
  set: '/agentur/passwortSetzen',
  /** Agency login: changes the password; answers a new AgencyTokenResponse (other sessions end). */
  change: '/agentur/passwortAendern',
} as const;

export interface AgencyForgotPasswordRequest {
  Email: string;
}

/** The same answer for every address: the address the mail would go to. */
export interface AgencyForgotPasswordResponse {
  Email: string;
}

export type AgencySetPasswordRequest = ResetPasswordRequest;
export type AgencyChangePasswordRequest = ResetPasswordWithoutTokenRequest;
