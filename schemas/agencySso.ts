/**
 * Wire contract of the agency sign-in (issue 14, SPEC 7 "agentur/sso", SPEC 9): what the browser needs to
 * start the authorization code flow, what it sends back, and the e-mail and password login of agencies
 * without single sign-on. All answers of a successful sign-in are an `AgencyTokenResponse` (account.ts).
 */

/** The scope every agency sign-in asks for (SPEC 9). */
export const AGENCY_SSO_SCOPE = 'openid department az_basic';

/** GET /api/v1/{mandant}/agentur/sso?Sprache= — public; no secret, no token endpoint. */
export interface AgencySsoStart {
  AuthorizationEndpoint: string;
  ClientId: string;
  Scope: string;
  /** Where the provider sends the browser back: this origin, the language and the AgencyLogin path. */
  RedirectUri: string;
}

/** PUT /api/v1/{mandant}/agentur/sso — the provider's answer from the redirect and the PKCE verifier. */
export interface AgencySsoRequest {
  Code: string;
  Verifier: string;
  /** The `state` of the redirect (the browser compared it with its own before sending). */
  State?: string;
  /** The `iss` of the redirect (RFC 9207), when the provider sends one. */
  Iss?: string;
  /** The language of the redirect URI (the same as in GET); default the mandant's default language. */
  Sprache?: string;
}

/** POST /api/v1/{mandant}/agentur/login — agencies without single sign-on. */
export interface AgencyLoginRequest {
  Email: string;
  Password: string;
  /** The solved ALTCHA payload; the server asks for it after failed logins (422 PSOF0307, ADR 0024). */
  Captcha?: string;
}
