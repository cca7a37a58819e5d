import type { AgencyAbility } from '../domain/agencyAbilities.ts';

/** Moved to domain/emailRules.ts; re-exported until the agency area's callers import it from there. */
export { isEmailAllowed } from '../domain/emailRules.ts';
/**
 * Wire shapes of the account and session calls (SPEC section 7, Account), shared by server and runtime.
 * Field names follow SPEC so the runtime also works against the original backend.
 */

/** POST /account/login body. */
export interface LoginRequest {
  Email: string;
  Password: string;
  /** The solved ALTCHA payload; the server asks for it after failed logins (422 PSOF0307, ADR 0024). */
  Captcha?: string;
}

/**
 * Answer of POST /account/login and GET /account/login/?token= (admin login); GET /account/user answers
 * the same without a new token (Token is then the caller's token).
 */
export interface LoginResponse {
  Email: string;
  Anrede: string;
  Vorname: string;
  Nachname: string;
  Empfehlerhash: string;
  Token: string;
  NewsletterOptinGegeben: boolean;
  /** Wire date-time YYYY-MM-DDThh:mm:ss (Europe/Berlin) or null. */
  NewsletterOptinVersendetAm: string | null;
  Language: string;
}

/** POST /account/updateLanguage/ body. */
export interface UpdateLanguageRequest {
  Language: string;
}

/** GET token/verifyAgenturToken?t= answer: the agency user behind a valid agency token. */
export interface AgencyTokenResponse {
  Token: string;
  Roles: AgencyRole[];
  Email: string;
  Name: string;
  /** What the roles allow (domain/agencyAbilities.ts); the agency area's navigation shows exactly these. */
  Abilities: AgencyAbility[];
  /** The agency the user works for. */
  Agentur: { Agenturnummer: string; Firma: string } | null;
}

/** SPEC section 6: agency roles. The default role list holds one placeholder role with minimal abilities. */
export const AGENCY_ROLES = ['owner', 'inactiveOwner', 'employee', 'placeholder'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];
export const DEFAULT_AGENCY_ROLES: readonly AgencyRole[] = ['placeholder'];

/** Claims inside our signed tokens (JWT, HS256). The runtime reads `exp` to check expiry every 60 s. */
export interface TokenClaims {
  /** account id */
  sub: string;
  /** mandant id */
  mnd: string;
  /** user: a recommender; agency: agency staff; backoffice: the client's programme team (issue 15). */
  kind: 'user' | 'agency' | 'backoffice';
  /** token id, for the revocation list */
  jti: string;
  iat: number;
  exp: number;
}

/** POST /account/createEmpfehler body (SPEC 7): registration; the welcome mail carries a set-password link. */
export interface CreateEmpfehlerRequest {
  Vorname: string;
  Nachname: string;
  Email: string;
}

/**
 * Answer of the calls that send an account mail (createEmpfehler, resendWelcomeMail, resetPassword): the
 * address the mail goes to. It is the same whether or not the address has an account — what differs is
 * the mail (docs/adr/0009-mail-outbox.md, "What the answers reveal").
 */
export interface AccountMailResponse {
  Email: string;
}

/** What a set-password link is for: finishing a registration (welcome mail) or a forgotten password. */
export type AccountTokenPurpose = 'welcome' | 'reset';

/** PUT /account/validateResetPassword body: is this link still good? (It is not used up by asking.) */
export interface ValidateResetPasswordRequest {
  Token: string;
}

export interface ValidateResetPasswordResponse {
  Purpose: AccountTokenPurpose;
  Email: string;
  Vorname: string;
}

/** PUT /account/resetPassword body: sets the password with a link's token and logs in (LoginResponse). */
export interface ResetPasswordRequest {
  Token: string;
  Password: string;
  PasswordConfirm: string;
}

/**
 * PUT /account/resetPasswordWithoutToken body: the logged-in recommender changes the password; the session
 * proves who it is, the current password that nobody else at the screen changes it. Answers LoginResponse
 * with a new token: every other session ends.
 */
export interface ResetPasswordWithoutTokenRequest {
  OldPassword: string;
  Password: string;
  PasswordConfirm: string;
}
