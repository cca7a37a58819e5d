import type { AgencyTokenResponse, LoginRequest, LoginResponse } from '../../schemas/account.ts';
import type { AgencyLoginRequest, AgencySsoRequest } from '../../schemas/agencySso.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import {
  getAdminLogin,
  getUser,
  getVerifyAgencyToken,
  postAgencyLogin,
  postLogin,
  postLogout,
  postUpdateLanguage,
  putAgencySso,
} from './accountApi.ts';
import { clearAgencySession, clearUserSession } from './clearSession.ts';
import {
  type AgencyUser,
  agencyTokenAtom,
  agencyUserAtom,
  justLoggedOutAgencyAtom,
  justLoggedOutAtom,
  type SessionUser,
  sessionRestoringAtom,
  userAtom,
  userTokenAtom,
} from './sessionAtoms.ts';
import { readTokenClaims } from './tokenClaims.ts';
import { writeStoredToken } from './tokenStorage.ts';
import { checkTokenExpiry, watchTokenExpiry } from './watchTokenExpiry.ts';

export { getAgencySso } from './accountApi.ts';

const reloadPage = (): void => window.location.reload();

/** Logged out → logged in (SPEC 4): the user atom, its token, and the token in cookie and storage. */
export function acceptUserLogin(store: RuntimeStore, response: LoginResponse): SessionUser {
  const { Token, ...user } = response;
  store.set(userTokenAtom, Token);
  store.set(userAtom, user);
  store.set(justLoggedOutAtom, false);
  writeStoredToken(Token);
  watchTokenExpiry(store, { reload: reloadPage });
  return user;
}

export function acceptAgencyLogin(store: RuntimeStore, response: AgencyTokenResponse): AgencyUser {
  const { Token, ...agencyUser } = response;
  store.set(agencyTokenAtom, Token);
  store.set(agencyUserAtom, agencyUser);
  store.set(justLoggedOutAgencyAtom, false);
  // One cookie holds one token: a recommender's session keeps it, the agency session then lives in memory.
  if (store.get(userTokenAtom) === null) writeStoredToken(Token);
  watchTokenExpiry(store, { reload: reloadPage });
  return agencyUser;
}

export async function login(store: RuntimeStore, credentials: LoginRequest): Promise<SessionUser> {
  return acceptUserLogin(store, await postLogin(credentials));
}

/**
 * One request per store and token: a login token works once (a second call would answer "already
 * used"), and React may run a mounting effect twice in development.
 */
function once<T>(
  running: WeakMap<RuntimeStore, Map<string, Promise<T>>>,
  store: RuntimeStore,
  token: string,
  start: () => Promise<T>,
): Promise<T> {
  let ofStore = running.get(store);
  if (!ofStore) {
    ofStore = new Map();
    running.set(store, ofStore);
  }
  let promise = ofStore.get(token);
  if (!promise) {
    const calls = ofStore;
    promise = start();
    calls.set(token, promise);
    // Settled calls are forgotten, so that a later attempt with the same token asks the server again.
    const forget = () => calls.delete(token);
    promise.then(forget, forget);
  }
  return promise;
}

const adminLogins = new WeakMap<RuntimeStore, Map<string, Promise<SessionUser>>>();
const agencyLogins = new WeakMap<RuntimeStore, Map<string, Promise<AgencyUser>>>();

export function loginWithAdminToken(store: RuntimeStore, token: string): Promise<SessionUser> {
  return once(adminLogins, store, token, async () => acceptUserLogin(store, await getAdminLogin(token)));
}

export function loginAgency(store: RuntimeStore, token: string): Promise<AgencyUser> {
  return once(agencyLogins, store, token, async () =>
    acceptAgencyLogin(store, await getVerifyAgencyToken(token)),
  );
}

/** Agency sign-in by SSO: the provider's code works once, so one request per store and code. */
export function loginAgencySso(store: RuntimeStore, body: AgencySsoRequest): Promise<AgencyUser> {
  return once(agencyLogins, store, `sso:${body.Code}`, async () =>
    acceptAgencyLogin(store, await putAgencySso(body)),
  );
}

/** Agency sign-in with e-mail and password (agencies without SSO). */
export async function loginAgencyWithPassword(
  store: RuntimeStore,
  credentials: AgencyLoginRequest,
): Promise<AgencyUser> {
  return acceptAgencyLogin(store, await postAgencyLogin(credentials));
}

/** Ends the recommender's session on the server and here; the local session ends even when the call fails. */
export async function logout(store: RuntimeStore): Promise<void> {
  const token = store.get(userTokenAtom);
  try {
    if (token) await postLogout(token);
  } catch (error) {
    console.warn('Logout: the server could not be told; the session ends here anyway', error);
  }
  clearUserSession(store);
  store.set(justLoggedOutAtom, true);
}

export async function logoutAgency(store: RuntimeStore, reload = reloadPage): Promise<void> {
  const token = store.get(agencyTokenAtom);
  try {
    if (token) await postLogout(token);
  } catch (error) {
    console.warn('Agency logout: the server could not be told; the session ends here anyway', error);
  }
  store.set(justLoggedOutAgencyAtom, true);
  if (clearAgencySession(store)) reload();
}

/** Tells the server the user's language, when a user is logged in (SPEC 2, language switch). */
export async function rememberLanguage(store: RuntimeStore, language: string): Promise<void> {
  if (store.get(userAtom) === null) return;
  try {
    await postUpdateLanguage(language);
  } catch (error) {
    console.warn('The language could not be saved to the account', error);
  }
}

export interface RestoreOptions {
  /** IsAutologin: try an admin login with the stored token first (SPEC 2). */
  autologin: boolean;
  reload?: () => void;
}

/**
 * Boot with a stored token (after first paint): an expired one is dropped and the page reloads (SPEC 4);
 * otherwise the session it belongs to comes back, silently. A token the server rejects ends the session
 * through the API client's 401 handling; other failures (offline) leave the token for the next visit.
 */
export async function restoreSession(
  store: RuntimeStore,
  token: string,
  options: RestoreOptions,
): Promise<void> {
  try {
    if (checkTokenExpiry(store, { reload: options.reload ?? reloadPage })) return;
    if (options.autologin) {
      try {
        acceptUserLogin(store, await getAdminLogin(token));
        return;
      } catch {
        // Silent by SPEC: the token may still be a session token, which the normal restore accepts.
      }
    }
    if (readTokenClaims(token)?.kind === 'agency')
      acceptAgencyLogin(store, await getVerifyAgencyToken(token));
    else acceptUserLogin(store, { ...(await getUser()), Token: token });
  } catch (error) {
    console.warn('The stored session could not be restored', error);
  } finally {
    store.set(sessionRestoringAtom, false);
  }
}
