import type { BackofficeAbility, BackofficeRole } from '../domain/backofficeAbilities.ts';

/**
 * Wire shapes of the back office (issue 15), relative to /api/v1/{mandant}. Every back-office path starts
 * with `backoffice/`: the runtime sends the back-office token on exactly these (runtime/session/authToken.ts).
 */
export const BACKOFFICE_PATHS = {
  login: '/backoffice/login',
  loginTotp: '/backoffice/login/totp',
  session: '/backoffice/sitzung',
  logout: '/backoffice/abmelden',
  sso: '/backoffice/sso',
} as const;

/** POST backoffice/login body: e-mail and password (the login form's fields). */
export interface BackofficeLoginRequest {
  Email: string;
  Password: string;
  /** The solved ALTCHA payload; the server asks for it after failed logins (422 PSOF0307, ADR 0024). */
  Captcha?: string;
}

/**
 * POST backoffice/login answer: the password matched; the second factor follows with `Challenge`. At the
 * first sign-in (`totpEinrichten`) the answer carries the secret to add to an authenticator app, once.
 */
export interface BackofficeLoginStep {
  Schritt: 'totp' | 'totpEinrichten';
  Challenge: string;
  /** otpauth:// URI (for a QR code) and the secret in base32 — only with `totpEinrichten`. */
  OtpauthUri?: string;
  Geheimnis?: string;
}

/** POST backoffice/login/totp body. */
export interface BackofficeTotpRequest {
  Challenge: string;
  Code: string;
}

/** The signed-in back-office user (GET backoffice/sitzung); the sign-in answers it with `Token`. */
export interface BackofficeUserResponse {
  Email: string;
  Name: string;
  Rollen: BackofficeRole[];
  /** What the roles allow (domain/backofficeAbilities.ts): the runtime shows exactly these sections and buttons. */
  Faehigkeiten: BackofficeAbility[];
}

export interface BackofficeTokenResponse extends BackofficeUserResponse {
  Token: string;
}
