/**
 * Wire shapes of the account and session calls (SPEC section 7, Account), shared by server and runtime.
 * Field names follow SPEC so the runtime also works against the original backend.
 */

/** POST /account/login body. */
export interface LoginRequest {
  Email: string;
  Password: string;
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
  kind: 'user' | 'agency';
  /** token id, for the revocation list */
  jti: string;
  iat: number;
  exp: number;
}
