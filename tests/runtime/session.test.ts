import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, getApiClient } from '../../runtime/api/api.ts';
import { endAllSessions } from '../../runtime/session/clearSession.ts';
import { lookupToken } from '../../runtime/session/lookupToken.ts';
import {
  acceptAgencyLogin,
  acceptUserLogin,
  login,
  logout,
  logoutAgency,
  rememberLanguage,
  restoreSession,
} from '../../runtime/session/sessionActions.ts';
import {
  agencyTokenAtom,
  agencyUserAtom,
  bankDetailsAtom,
  justLoggedOutAtom,
  sessionRestoringAtom,
  userAtom,
  userTokenAtom,
} from '../../runtime/session/sessionAtoms.ts';
import { readLocalToken, readStoredToken, readTokenCookie } from '../../runtime/session/storedToken.ts';
import { writeStoredToken } from '../../runtime/session/tokenStorage.ts';
import { watchTokenExpiry } from '../../runtime/session/watchTokenExpiry.ts';
import type { RuntimeStore } from '../../runtime/state/createRuntimeStore.ts';
import type { AgencyTokenResponse, LoginResponse } from '../../schemas/account.ts';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.sig`;
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

function loginResponse(token: string, overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    Email: 'anna@example.org',
    Anrede: 'Frau',
    Vorname: 'Anna',
    Nachname: 'Beispiel',
    Empfehlerhash: 'h',
    Token: token,
    NewsletterOptinGegeben: false,
    NewsletterOptinVersendetAm: null,
    Language: 'de',
    ...overrides,
  };
}

function agencyResponse(token: string): AgencyTokenResponse {
  return {
    Token: token,
    Roles: ['owner'],
    Email: 'agentur@example.org',
    Name: 'Agentur Nord',
    Abilities: ['employees'],
    Agentur: { Agenturnummer: 'A-1', Firma: 'Agentur Nord GmbH' },
  };
}

type Answer = { status: number; data?: unknown };

/** A fake server: answers by `METHOD /path` and records every request. */
function fakeServer(answers: Record<string, Answer | (() => Answer)>) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${(config.url ?? '').replace(/\/$/, '')}`;
    const found = answers[key];
    const answer = (typeof found === 'function' ? found() : found) ?? { status: 404 };
    const response = {
      data: answer.data ?? null,
      status: answer.status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  return { adapter, requests };
}

/** The app's wiring of main.tsx: the session lookup for tokens, 401 → both sessions end. */
function wire(store: RuntimeStore, adapter: AxiosAdapter): void {
  configureApi({
    mandantId: 'demo',
    getLanguage: () => 'de',
    adapter,
    auth: {
      token: () =>
        lookupToken({
          userToken: store.get(userTokenAtom),
          agencyToken: store.get(agencyTokenAtom),
          cookieToken: readTokenCookie(),
          storedToken: readLocalToken(),
        }),
      onSessionEnd: () => endAllSessions(store),
    },
  });
}

function loggedInStore(): { store: RuntimeStore; token: string } {
  const store = createStore();
  const token = jwt({ kind: 'user', exp: inSeconds(3600) });
  acceptUserLogin(store, loginResponse(token));
  acceptAgencyLogin(store, agencyResponse(jwt({ kind: 'agency', exp: inSeconds(3600) })));
  store.set(bankDetailsAtom, { IBAN: 'DE02120300000000202051', Kontoinhaber: 'Anna Beispiel' });
  return { store, token };
}

function clearStorage(): void {
  writeStoredToken(null);
  window.localStorage.clear();
}

beforeEach(clearStorage);
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearStorage();
});

describe('login (SPEC 4: logged out → logged in)', () => {
  it('keeps the user without its token, and the token in cookie and local storage (SPEC 9)', async () => {
    const store = createStore();
    const token = jwt({ kind: 'user', exp: inSeconds(3600) });
    const { adapter, requests } = fakeServer({
      'POST /account/login': { status: 200, data: loginResponse(token) },
    });
    wire(store, adapter);
    const user = await login(store, { Email: 'anna@example.org', Password: 'Geheim123' });
    expect(user).not.toHaveProperty('Token');
    expect(store.get(userAtom)).toEqual(user);
    expect(store.get(userTokenAtom)).toBe(token);
    expect(readTokenCookie()).toBe(token);
    expect(window.localStorage.getItem(`${window.location.host}_token`)).toBe(token);
    expect(requests[0]?.data).toBe(JSON.stringify({ Email: 'anna@example.org', Password: 'Geheim123' }));
  });

  it('sends the session token as Bearer in Authorization and X-Authorization (SPEC 6)', async () => {
    const { store, token } = loggedInStore();
    const { adapter, requests } = fakeServer({
      'GET /account/user': { status: 200, data: loginResponse(token) },
    });
    wire(store, adapter);
    await (await getApiClient()).get('/account/user');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(requests[0]?.headers.get('X-Authorization')).toBe(`Bearer ${token}`);
  });

  it('an agency login does not take over the recommender’s stored token', () => {
    const { store, token } = loggedInStore();
    expect(store.get(agencyUserAtom)?.Name).toBe('Agentur Nord');
    expect(readStoredToken()).toBe(token);
  });
});

describe('HTTP 401 or PSOF0204 logs out both user kinds (SPEC 4, 8)', () => {
  it.each<[string, Answer]>([
    ['HTTP 401', { status: 401, data: { code: 'PSOF0204', message: 'abgelaufen' } }],
    ['HTTP 401 without a code', { status: 401, data: 'Unauthorized' }],
    ['PSOF0204 with another status', { status: 403, data: { code: 'PSOF0204', message: '' } }],
  ])('%s on any call', async (_case, answer) => {
    const { store } = loggedInStore();
    wire(store, fakeServer({ 'GET /empfehler/empfehlungen': answer }).adapter);
    await expect((await getApiClient()).get('/empfehler/empfehlungen/')).rejects.toMatchObject({});
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(userTokenAtom)).toBeNull();
    expect(store.get(agencyUserAtom)).toBeNull();
    expect(store.get(bankDetailsAtom)).toBeNull();
    expect(readStoredToken()).toBeNull();
  });

  it.each<[string, Answer]>([
    ['a wrong password at login (PSOF0200)', { status: 401, data: { code: 'PSOF0200', message: '' } }],
    ['a server error', { status: 500, data: { code: 'PSOF0001', message: '' } }],
    ['a blocked account', { status: 403, data: { code: 'PSOF0203', message: '' } }],
  ])('but not %s', async (_case, answer) => {
    const { store, token } = loggedInStore();
    wire(store, fakeServer({ 'POST /account/login': answer }).adapter);
    await expect(login(store, { Email: 'x@example.org', Password: 'y' })).rejects.toMatchObject({});
    expect(store.get(userAtom)).not.toBeNull();
    expect(readStoredToken()).toBe(token);
  });
});

describe('logout (SPEC 4)', () => {
  it('revokes the token on the server, clears user, bank account, cookie and local storage', async () => {
    const { store, token } = loggedInStore();
    const { adapter, requests } = fakeServer({ 'POST /account/logout': { status: 204 } });
    wire(store, adapter);
    await logout(store);
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(bankDetailsAtom)).toBeNull();
    expect(readTokenCookie()).toBeNull();
    expect(readLocalToken()).toBeNull();
    expect(store.get(justLoggedOutAtom)).toBe(true);
  });

  it('ends the local session even when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = loggedInStore();
    wire(store, fakeServer({ 'POST /account/logout': { status: 503 } }).adapter);
    await logout(store);
    expect(store.get(userAtom)).toBeNull();
    expect(readStoredToken()).toBeNull();
  });

  it('an agency logout revokes the agency token and reloads when a recommender is also logged in', async () => {
    const { store } = loggedInStore();
    const agencyToken = store.get(agencyTokenAtom);
    const { adapter, requests } = fakeServer({ 'POST /account/logout': { status: 204 } });
    wire(store, adapter);
    const reload = vi.fn();
    await logoutAgency(store, reload);
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${agencyToken}`);
    expect(store.get(agencyUserAtom)).toBeNull();
    expect(store.get(userAtom)).not.toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an agency logout alone does not reload, and removes the stored agency token', async () => {
    const store = createStore();
    acceptAgencyLogin(store, agencyResponse(jwt({ kind: 'agency', exp: inSeconds(3600) })));
    expect(readStoredToken()).not.toBeNull();
    wire(store, fakeServer({ 'POST /account/logout': { status: 204 } }).adapter);
    const reload = vi.fn();
    await logoutAgency(store, reload);
    expect(reload).not.toHaveBeenCalled();
    expect(readStoredToken()).toBeNull();
  });
});

describe('token expiry (SPEC 4: every 60 s; expired → logout and reload)', () => {
  it('logs out and reloads once the token has expired, not before', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 12, 0, 0) });
    const store = createStore();
    const reload = vi.fn();
    // Started before the login, so the login's own watcher (which would reload for real) is not needed.
    const stop = watchTokenExpiry(store, { reload });
    acceptUserLogin(store, loginResponse(jwt({ kind: 'user', exp: inSeconds(90) })));
    vi.advanceTimersByTime(60_000);
    expect(store.get(userAtom)).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(store.get(userAtom)).toBeNull();
    expect(readStoredToken()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('an expired agency token ends the agency session the same way', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 12, 0, 0) });
    const store = createStore();
    const reload = vi.fn();
    const stop = watchTokenExpiry(store, { reload });
    acceptAgencyLogin(store, agencyResponse(jwt({ kind: 'agency', exp: inSeconds(30) })));
    vi.advanceTimersByTime(60_000);
    expect(store.get(agencyUserAtom)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('watches once per store, however many logins there are', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 12, 0, 0) });
    const store = createStore();
    const reload = vi.fn();
    const stop = watchTokenExpiry(store, { reload });
    const second = watchTokenExpiry(store, { reload });
    acceptUserLogin(store, loginResponse(jwt({ kind: 'user', exp: inSeconds(30) })));
    vi.advanceTimersByTime(60_000);
    expect(reload).toHaveBeenCalledTimes(1);
    second();
    stop();
  });
});

describe('restoring the session at boot', () => {
  it('an expired stored token is removed and the page reloads, without asking the server', async () => {
    const store = createStore();
    const expired = jwt({ kind: 'user', exp: inSeconds(-10) });
    writeStoredToken(expired);
    store.set(sessionRestoringAtom, true);
    const { adapter, requests } = fakeServer({});
    wire(store, adapter);
    const reload = vi.fn();
    await restoreSession(store, expired, { autologin: false, reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readStoredToken()).toBeNull();
    expect(requests).toHaveLength(0);
    expect(store.get(sessionRestoringAtom)).toBe(false);
  });

  it('a valid user token brings the user back via GET /account/user', async () => {
    const store = createStore();
    const token = jwt({ kind: 'user', exp: inSeconds(3600) });
    writeStoredToken(token);
    store.set(sessionRestoringAtom, true);
    const { adapter, requests } = fakeServer({
      'GET /account/user': { status: 200, data: loginResponse(token) },
    });
    wire(store, adapter);
    await restoreSession(store, token, { autologin: false });
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(store.get(userAtom)?.Vorname).toBe('Anna');
    expect(store.get(sessionRestoringAtom)).toBe(false);
  });

  it('a revoked token (401) ends in a logged-out state with nothing stored', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStore();
    const token = jwt({ kind: 'user', exp: inSeconds(3600) });
    writeStoredToken(token);
    wire(
      store,
      fakeServer({ 'GET /account/user': { status: 401, data: { code: 'PSOF0204', message: '' } } }).adapter,
    );
    await restoreSession(store, token, { autologin: false });
    expect(store.get(userAtom)).toBeNull();
    expect(readStoredToken()).toBeNull();
  });

  it('an agency token brings the agency user back via token/verifyAgenturToken', async () => {
    const store = createStore();
    const token = jwt({ kind: 'agency', exp: inSeconds(3600) });
    const { adapter, requests } = fakeServer({
      'GET /token/verifyAgenturToken': { status: 200, data: agencyResponse(token) },
    });
    wire(store, adapter);
    await restoreSession(store, token, { autologin: false });
    expect(requests[0]?.params).toEqual({ t: token });
    expect(store.get(agencyUserAtom)?.Name).toBe('Agentur Nord');
  });

  it('with IsAutologin the stored token is tried as an admin login first, silently (SPEC 2)', async () => {
    const store = createStore();
    const token = jwt({ kind: 'user', exp: inSeconds(3600) });
    const fresh = jwt({ kind: 'user', exp: inSeconds(7200) });
    const { adapter, requests } = fakeServer({
      'GET /account/login': { status: 200, data: loginResponse(fresh) },
    });
    wire(store, adapter);
    await restoreSession(store, token, { autologin: true });
    expect(requests[0]?.url).toBe('/account/login/');
    expect(requests[0]?.params).toEqual({ token });
    expect(store.get(userTokenAtom)).toBe(fresh);
  });

  it('a failed autologin falls back to the normal restore without showing an error', async () => {
    const store = createStore();
    const token = jwt({ kind: 'user', exp: inSeconds(3600) });
    const { adapter, requests } = fakeServer({
      'GET /account/login': { status: 410, data: { code: 'PSOF0201', message: '' } },
      'GET /account/user': { status: 200, data: loginResponse(token) },
    });
    wire(store, adapter);
    await restoreSession(store, token, { autologin: true });
    expect(requests.map((request) => request.url)).toEqual(['/account/login/', '/account/user']);
    expect(store.get(userAtom)?.Vorname).toBe('Anna');
  });
});

describe('language choice of a logged-in user (SPEC 2)', () => {
  it('is told to the server only when someone is logged in', async () => {
    const { store } = loggedInStore();
    const { adapter, requests } = fakeServer({ 'POST /account/updateLanguage': { status: 200 } });
    wire(store, adapter);
    await rememberLanguage(store, 'en');
    expect(requests[0]?.data).toBe(JSON.stringify({ Language: 'en' }));
    await rememberLanguage(createStore(), 'en');
    expect(requests).toHaveLength(1);
  });
});
