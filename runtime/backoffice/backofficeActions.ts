import type {
  BackofficeLoginRequest,
  BackofficeLoginStep,
  BackofficeTokenResponse,
  BackofficeTotpRequest,
} from '../../schemas/backoffice.ts';
import type { BackofficeSsoRequest } from '../../schemas/backofficeSso.ts';
import { TOKEN_EXPIRY_CHECK_MS } from '../../schemas/constants.ts';
import { isTokenExpired } from '../session/tokenClaims.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import {
  getBackofficeSession,
  postBackofficeLogin,
  postBackofficeLogout,
  postBackofficeTotp,
  putBackofficeSso,
} from './backofficeApi.ts';
import {
  type BackofficeUser,
  backofficeRestoringAtom,
  backofficeTokenAtom,
  backofficeUserAtom,
  justLoggedOutBackofficeAtom,
} from './backofficeAtoms.ts';
import { writeBackofficeToken } from './backofficeStorage.ts';
import { clearBackofficeSession } from './clearBackofficeSession.ts';

/** Signed out → signed in: the user, its token, and the token in this tab's sessionStorage. */
export function acceptBackofficeLogin(
  store: RuntimeStore,
  response: BackofficeTokenResponse,
): BackofficeUser {
  const { Token, ...user } = response;
  store.set(backofficeTokenAtom, Token);
  store.set(backofficeUserAtom, user);
  store.set(justLoggedOutBackofficeAtom, false);
  writeBackofficeToken(Token);
  watchBackofficeExpiry(store);
  return user;
}

/** Step 1: e-mail and password. Rejects with ApiRequestError (PSOF0200, PSOF0703, PSOF0016). */
export function loginBackoffice(credentials: BackofficeLoginRequest): Promise<BackofficeLoginStep> {
  return postBackofficeLogin(credentials);
}

/** Step 2: the code for the challenge of step 1. Rejects with ApiRequestError (PSOF0701, PSOF0702). */
export async function verifyBackofficeCode(
  store: RuntimeStore,
  request: BackofficeTotpRequest,
): Promise<BackofficeUser> {
  return acceptBackofficeLogin(store, await postBackofficeTotp(request));
}

/** Codes being redeemed: an effect that runs twice sends the code once (a code is good for one redemption). */
const ssoLogins = new Map<string, Promise<BackofficeUser>>();

/** Single sign-on: the provider's code and the PKCE verifier. Rejects with ApiRequestError (PSOF0841, 0842, 0703). */
export function loginBackofficeSso(store: RuntimeStore, body: BackofficeSsoRequest): Promise<BackofficeUser> {
  let pending = ssoLogins.get(body.Code);
  if (!pending) {
    pending = putBackofficeSso(body).then((response) => acceptBackofficeLogin(store, response));
    ssoLogins.set(body.Code, pending);
  }
  return pending;
}

/** Ends the back-office session on the server and here; the local session ends even when the call fails. */
export async function logoutBackoffice(store: RuntimeStore): Promise<void> {
  const token = store.get(backofficeTokenAtom);
  try {
    if (token) await postBackofficeLogout(token);
  } catch (error) {
    console.warn('Back-office sign-out: the server could not be told; the session ends here anyway', error);
  }
  clearBackofficeSession(store);
  store.set(justLoggedOutBackofficeAtom, true);
}

/**
 * Boot with this tab's stored token: an expired one is dropped; otherwise the user comes back from GET
 * backoffice/sitzung. A token the server refuses ends the back-office session through the API client's
 * 401 handling; other failures (offline) keep the token for a reload.
 */
export async function restoreBackofficeSession(store: RuntimeStore, token: string): Promise<void> {
  try {
    if (isTokenExpired(token, Date.now())) {
      clearBackofficeSession(store);
      return;
    }
    acceptBackofficeLogin(store, { ...(await getBackofficeSession(token)), Token: token });
  } catch (error) {
    console.warn('The stored back-office session could not be restored', error);
  } finally {
    store.set(backofficeRestoringAtom, false);
  }
}

export interface BackofficeExpiryOptions {
  now?: () => number;
  intervalMs?: number;
}

/** One expiry check: an expired back-office token ends the back-office session. Returns whether it did. */
export function checkBackofficeExpiry(store: RuntimeStore, now: () => number = Date.now): boolean {
  const token = store.get(backofficeTokenAtom);
  if (token === null || !isTokenExpired(token, now())) return false;
  clearBackofficeSession(store);
  return true;
}

const watched = new WeakSet<RuntimeStore>();

/**
 * Like SPEC 4's watch of the recommender's token, every 60 seconds: an expired back-office token ends the
 * back-office session, and the guard sends its page to the sign-in (keeping the page to return to). No
 * reload: the other sessions are not touched. Started once per store; returns the function that stops it.
 */
export function watchBackofficeExpiry(
  store: RuntimeStore,
  options: BackofficeExpiryOptions = {},
): () => void {
  if (watched.has(store)) return () => {};
  watched.add(store);
  const timer = setInterval(
    () => checkBackofficeExpiry(store, options.now),
    options.intervalMs ?? TOKEN_EXPIRY_CHECK_MS,
  );
  return () => {
    clearInterval(timer);
    watched.delete(store);
  };
}
