import type {
  AgencyTokenResponse,
  LoginRequest,
  LoginResponse,
  UpdateLanguageRequest,
} from '../../schemas/account.ts';
import type { AgencyLoginRequest, AgencySsoRequest, AgencySsoStart } from '../../schemas/agencySso.ts';
import { getApiClient } from '../api/api.ts';

/** The account and session calls of SPEC 7; loaded with the blocks that need them, never at first paint. */
export async function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return (await (await getApiClient()).post<LoginResponse>('/account/login', body)).data;
}

/** Admin login with a token appended to the login path, and the silent autologin (SPEC 2, 4). */
export async function getAdminLogin(token: string): Promise<LoginResponse> {
  const client = await getApiClient();
  return (await client.get<LoginResponse>('/account/login/', { params: { token } })).data;
}

/** The user behind the session token (restoring a session at boot). */
export async function getUser(): Promise<LoginResponse> {
  return (await (await getApiClient()).get<LoginResponse>('/account/user')).data;
}

/** Revokes `token` on the server, so that a copied token is useless after logout. */
export async function postLogout(token: string): Promise<void> {
  const client = await getApiClient();
  // An empty JSON object: a body-less POST gets a form content type from axios, which the server refuses.
  await client.post('/account/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
}

export async function postUpdateLanguage(language: string): Promise<void> {
  const body: UpdateLanguageRequest = { Language: language };
  await (await getApiClient()).post('/account/updateLanguage/', body);
}

/** GET token/verifyAgenturToken?t= — the agency user behind the token of an agency invitation link. */
export async function getVerifyAgencyToken(token: string): Promise<AgencyTokenResponse> {
  const client = await getApiClient();
  return (await client.get<AgencyTokenResponse>('/token/verifyAgenturToken', { params: { t: token } })).data;
}

/** GET agentur/sso — where agency staff sign in by single sign-on; null (204) when the mandant has none. */
export async function getAgencySso(language: string): Promise<AgencySsoStart | null> {
  const client = await getApiClient();
  const response = await client.get<AgencySsoStart | ''>('/agentur/sso', { params: { Sprache: language } });
  return response.status === 204 || !response.data ? null : response.data;
}

/** PUT agentur/sso — the provider's code and the PKCE verifier for an agency session. */
export async function putAgencySso(body: AgencySsoRequest): Promise<AgencyTokenResponse> {
  return (await (await getApiClient()).put<AgencyTokenResponse>('/agentur/sso', body)).data;
}

/** POST agentur/login — e-mail and password of agency staff without single sign-on. */
export async function postAgencyLogin(body: AgencyLoginRequest): Promise<AgencyTokenResponse> {
  return (await (await getApiClient()).post<AgencyTokenResponse>('/agentur/login', body)).data;
}
