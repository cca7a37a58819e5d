/**
 * Wire contract of the back office's single sign-on (issue 15): what the browser needs to start the
 * authorization code flow (PKCE S256) and what it sends back. A successful sign-in answers a
 * `BackofficeTokenResponse` (backoffice.ts), like the password-and-TOTP sign-in.
 */

/** The scope every back-office sign-in asks for: the roles claim, e-mail and name. */
export const BACKOFFICE_SSO_SCOPE = 'openid backoffice_roles az_basic';

/** The claim with the back-office roles: an array or a space-separated string of viewer/operator/finance/admin. */
export const BACKOFFICE_ROLES_CLAIM = 'backoffice_roles';

/** GET /api/v1/{mandant}/backoffice/sso?Sprache= — public; 204 when the mandant has no back-office SSO. */
export interface BackofficeSsoStart {
  AuthorizationEndpoint: string;
  ClientId: string;
  Scope: string;
  /** Where the provider sends the browser back: this origin, the language and the callback page's path. */
  RedirectUri: string;
}

/** PUT /api/v1/{mandant}/backoffice/sso — the provider's answer from the redirect and the PKCE verifier. */
export interface BackofficeSsoRequest {
  Code: string;
  Verifier: string;
  State?: string;
  Iss?: string;
  /** The language of the redirect URI (the same as in GET); default the mandant's default language. */
  Sprache?: string;
}
