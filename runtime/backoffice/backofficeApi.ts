import {
  BACKOFFICE_PATHS,
  type BackofficeLoginRequest,
  type BackofficeLoginStep,
  type BackofficeTokenResponse,
  type BackofficeTotpRequest,
  type BackofficeUserResponse,
} from '../../schemas/backoffice.ts';
import type { BackofficeSsoRequest, BackofficeSsoStart } from '../../schemas/backofficeSso.ts';
import { getApiClient } from '../api/api.ts';

/** GET backoffice/sso — where the team signs in by single sign-on; null (204) when the mandant has none. */
export async function getBackofficeSso(language: string): Promise<BackofficeSsoStart | null> {
  const client = await getApiClient();
  const response = await client.get<BackofficeSsoStart | ''>(BACKOFFICE_PATHS.sso, {
    params: { Sprache: language },
  });
  return response.status === 200 && response.data ? response.data : null;
}

/** PUT backoffice/sso — the provider's code and the PKCE verifier for a back-office session. */
export async function putBackofficeSso(body: BackofficeSsoRequest): Promise<BackofficeTokenResponse> {
  return (await (await getApiClient()).put<BackofficeTokenResponse>(BACKOFFICE_PATHS.sso, body)).data;
}

/** Step 1 of the sign-in: e-mail and password; answers the challenge for the code (and at first the secret). */
export async function postBackofficeLogin(body: BackofficeLoginRequest): Promise<BackofficeLoginStep> {
  return (await (await getApiClient()).post<BackofficeLoginStep>(BACKOFFICE_PATHS.login, body)).data;
}

/** Step 2: the authenticator's code; answers the session token and the user. */
export async function postBackofficeTotp(body: BackofficeTotpRequest): Promise<BackofficeTokenResponse> {
  return (await (await getApiClient()).post<BackofficeTokenResponse>(BACKOFFICE_PATHS.loginTotp, body)).data;
}

/** The user behind `token` (restoring this tab's session at boot). */
export async function getBackofficeSession(token: string): Promise<BackofficeUserResponse> {
  const client = await getApiClient();
  const headers = { Authorization: `Bearer ${token}` };
  return (await client.get<BackofficeUserResponse>(BACKOFFICE_PATHS.session, { headers })).data;
}

/** Revokes `token` on the server, so that a copied token is useless after the sign-out. */
export async function postBackofficeLogout(token: string): Promise<void> {
  const client = await getApiClient();
  // An empty JSON object: a body-less POST gets a form content type from axios, which the server refuses.
  await client.post(BACKOFFICE_PATHS.logout, {}, { headers: { Authorization: `Bearer ${token}` } });
}
