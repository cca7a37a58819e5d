import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BackofficeRole, backofficeAbilitiesOf } from '../../domain/backofficeAbilities.ts';
import { backofficeAbilityOf, backofficeSectionsFor } from '../../domain/backofficeSections.ts';
import { configureApi, getApiClient } from '../../runtime/api/api.ts';
import {
  acceptBackofficeLogin,
  checkBackofficeExpiry,
  logoutBackoffice,
  restoreBackofficeSession,
  verifyBackofficeCode,
} from '../../runtime/backoffice/backofficeActions.ts';
import {
  backofficeRestoringAtom,
  backofficeTokenAtom,
  backofficeUserAtom,
  justLoggedOutBackofficeAtom,
} from '../../runtime/backoffice/backofficeAtoms.ts';
import { backofficeTokenKey, readBackofficeToken } from '../../runtime/backoffice/backofficeStorage.ts';
import { clearBackofficeSession } from '../../runtime/backoffice/clearBackofficeSession.ts';
import { selectAuthToken } from '../../runtime/session/authToken.ts';
import { endAllSessions } from '../../runtime/session/clearSession.ts';
import { endsSession } from '../../runtime/session/endsSession.ts';
import { lookupToken } from '../../runtime/session/lookupToken.ts';
import { acceptUserLogin } from '../../runtime/session/sessionActions.ts';
import { userAtom, userTokenAtom } from '../../runtime/session/sessionAtoms.ts';
import { readLocalToken, readStoredToken, readTokenCookie } from '../../runtime/session/storedToken.ts';
import { writeStoredToken } from '../../runtime/session/tokenStorage.ts';
import type { RuntimeStore } from '../../runtime/state/createRuntimeStore.ts';
import type { BackofficeTokenResponse } from '../../schemas/backoffice.ts';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.sig`;
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const BACKOFFICE_TOKEN = jwt({ kind: 'backoffice', exp: inSeconds(3600) });
const USER_TOKEN = jwt({ kind: 'user', exp: inSeconds(3600) });

function staff(roles: BackofficeRole[], token = BACKOFFICE_TOKEN): BackofficeTokenResponse {
  return {
    Token: token,
    Email: 'service@netzplus.example',
    Name: 'Sam Service',
    Rollen: roles,
    Faehigkeiten: backofficeAbilitiesOf(roles),
  };
}

type Answer = { status: number; data?: unknown };

/** A fake server: answers by `METHOD /path` and records every request. */
function fakeServer(answers: Record<string, Answer>) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const answer = answers[`${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`] ?? {
      status: 404,
    };
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

/** main.tsx's wiring: the session lookup, the back-office token, and which session a 401 ends. */
function wire(store: RuntimeStore, adapter: AxiosAdapter): void {
  configureApi({
    mandantId: 'telko',
    getLanguage: () => 'de',
    adapter,
    auth: {
      token: () =>
        lookupToken({
          userToken: store.get(userTokenAtom),
          agencyToken: null,
          cookieToken: readTokenCookie(),
          storedToken: readLocalToken(),
        }),
      backofficeToken: () => store.get(backofficeTokenAtom),
      onSessionEnd: () => endAllSessions(store),
      onBackofficeSessionEnd: () => clearBackofficeSession(store),
    },
  });
}

function clearStorage(): void {
  writeStoredToken(null);
  window.localStorage.clear();
  window.sessionStorage.clear();
}

describe('which token a back-office call carries (ADR 0022)', () => {
  it.each<[string, string, string | null, string | null, string | null, string | null]>([
    // [rule, url, explicit, session lookup, back-office token, expected]
    ['a back-office path: the back-office token', '/backoffice/sitzung', null, 'user', 'staff', 'staff'],
    ['without leading slash', 'backoffice/bestellungen?q=1', null, 'user', 'staff', 'staff'],
    ['upper case', '/Backoffice/abmelden', null, 'user', 'staff', 'staff'],
    ['the base path alone', '/backoffice', null, 'user', 'staff', 'staff'],
    ['never the recommender’s token', '/backoffice/sitzung', null, 'user', null, null],
    ['an explicit header (restore, logout) wins', '/backoffice/sitzung', 'named', 'user', 'staff', 'named'],
    ['sign-in without any session', '/backoffice/login', null, null, null, null],
    ['a recommender path never carries it', '/account/user', null, 'user', 'staff', 'user'],
    ['nor without a recommender', '/empfehler/meinedaten', null, null, 'staff', null],
    ['a path that only starts like one', '/backofficeliste', null, 'user', 'staff', 'user'],
    ['an agency path', '/agentur/auftraege', null, null, 'staff', null],
  ])('%s', (_rule, url, explicit, session, backofficeToken, expected) => {
    expect(selectAuthToken({ url, explicit, rewardToken: null, session, backofficeToken })).toBe(expected);
  });

  it('a wrong code or an expired sign-in says nothing about a session', () => {
    expect(endsSession(401, 'PSOF0701')).toBe(false);
    expect(endsSession(401, 'PSOF0702')).toBe(false);
    expect(endsSession(401, 'PSOF0204')).toBe(true);
  });
});

describe('the back-office section table', () => {
  it.each<[BackofficeRole[], string[]]>([
    [['viewer'], ['BackofficeHome', 'BackofficeFigures', 'BackofficeOrders', 'BackofficePayouts']],
    [
      ['operator'],
      [
        'BackofficeHome',
        'BackofficeFigures',
        'BackofficeOrders',
        'BackofficeReview',
        'BackofficeSupport',
        'BackofficeAgencies',
        'BackofficeProfiSellers',
        'BackofficePayouts',
      ],
    ],
    [
      ['finance'],
      [
        'BackofficeHome',
        'BackofficeFigures',
        'BackofficeOrders',
        'BackofficeProfiSellers',
        'BackofficePayouts',
        'BackofficeVouchers',
      ],
    ],
    [
      ['admin'],
      [
        'BackofficeHome',
        'BackofficeFigures',
        'BackofficeOrders',
        'BackofficeProfiSellers',
        'BackofficePayouts',
        'BackofficeSettings',
        'BackofficeIntegration',
        'BackofficeStaff',
        'BackofficeAudit',
      ],
    ],
  ])('%j sees its sections in the navigation’s order', (roles, expected) => {
    expect(backofficeSectionsFor(backofficeAbilitiesOf(roles)).map((entry) => entry.route)).toEqual(expected);
  });

  it('leaves out the sections the mandant has no route for', () => {
    const routes = new Set(['BackofficeHome', 'BackofficeReview']);
    const sections = backofficeSectionsFor(backofficeAbilitiesOf(['operator']), (route) => routes.has(route));
    expect(sections.map((entry) => entry.route)).toEqual(['BackofficeHome', 'BackofficeReview']);
  });

  it('names the ability of a route (none for the start page and unknown routes)', () => {
    expect(backofficeAbilityOf('BackofficeStaff')).toBe('staff');
    expect(backofficeAbilityOf('BackofficeHome')).toBeNull();
    expect(backofficeAbilityOf('BackofficeSomethingNew')).toBeNull();
  });
});

describe('the back-office session in the browser (ADR 0022)', () => {
  beforeEach(clearStorage);
  afterEach(() => {
    clearStorage();
    vi.useRealTimers();
  });

  it('keeps the token in this tab’s sessionStorage only: never the psoe_token cookie or local storage', () => {
    const store = createStore();
    const user = acceptBackofficeLogin(store, staff(['operator']));
    expect(user).not.toHaveProperty('Token');
    expect(store.get(backofficeUserAtom)?.Rollen).toEqual(['operator']);
    expect(window.sessionStorage.getItem(backofficeTokenKey(window.location.host))).toBe(BACKOFFICE_TOKEN);
    expect(readBackofficeToken()).toBe(BACKOFFICE_TOKEN);
    expect(readStoredToken()).toBeNull();
    expect(document.cookie).not.toContain(BACKOFFICE_TOKEN);
    expect(Object.values({ ...window.localStorage })).not.toContain(BACKOFFICE_TOKEN);
  });

  it('signs in with the code, sends the token on back-office calls only, and a 401 there ends only it', async () => {
    const store = createStore();
    acceptUserLogin(store, {
      Email: 'anna@example.org',
      Anrede: 'Frau',
      Vorname: 'Anna',
      Nachname: 'Beispiel',
      Empfehlerhash: 'h',
      Token: USER_TOKEN,
      NewsletterOptinGegeben: false,
      NewsletterOptinVersendetAm: null,
      Language: 'de',
    });
    const { adapter, requests } = fakeServer({
      'POST /backoffice/login/totp': { status: 200, data: staff(['operator']) },
      'GET /backoffice/bestellungen': { status: 401, data: { code: 'PSOF0204' } },
      'GET /empfehler/meinedaten': { status: 200, data: {} },
    });
    wire(store, adapter);
    await verifyBackofficeCode(store, { Challenge: 'c', Code: '123456' });
    const client = await getApiClient();
    await client.get('/empfehler/meinedaten');
    await expect(client.get('/backoffice/bestellungen')).rejects.toMatchObject({ code: 'PSOF0204' });
    const [, recommenderCall, backofficeCall] = requests;
    expect(recommenderCall?.headers.get('Authorization')).toBe(`Bearer ${USER_TOKEN}`);
    expect(backofficeCall?.headers.get('Authorization')).toBe(`Bearer ${BACKOFFICE_TOKEN}`);
    // The back-office session ended; the recommender's did not.
    expect(store.get(backofficeUserAtom)).toBeNull();
    expect(readBackofficeToken()).toBeNull();
    expect(store.get(userAtom)?.Vorname).toBe('Anna');
    expect(readStoredToken()).toBe(USER_TOKEN);
  });

  it('a 401 on a recommender call leaves the back-office session alone', async () => {
    const store = createStore();
    acceptBackofficeLogin(store, staff(['viewer']));
    const { adapter } = fakeServer({ 'GET /account/user': { status: 401, data: { code: 'PSOF0204' } } });
    wire(store, adapter);
    await expect((await getApiClient()).get('/account/user')).rejects.toMatchObject({ code: 'PSOF0204' });
    expect(store.get(backofficeUserAtom)?.Rollen).toEqual(['viewer']);
  });

  it('restores the tab’s session from GET backoffice/sitzung with the stored token', async () => {
    const store = createStore();
    const { Token: _token, ...user } = staff(['finance']);
    const { adapter, requests } = fakeServer({ 'GET /backoffice/sitzung': { status: 200, data: user } });
    wire(store, adapter);
    store.set(backofficeRestoringAtom, true);
    await restoreBackofficeSession(store, BACKOFFICE_TOKEN);
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${BACKOFFICE_TOKEN}`);
    expect(store.get(backofficeUserAtom)?.Faehigkeiten).toContain('payouts');
    expect(store.get(backofficeTokenAtom)).toBe(BACKOFFICE_TOKEN);
    expect(store.get(backofficeRestoringAtom)).toBe(false);
  });

  it('a refused stored token ends the back-office session; restoring stops', async () => {
    const store = createStore();
    window.sessionStorage.setItem(backofficeTokenKey(window.location.host), BACKOFFICE_TOKEN);
    const { adapter } = fakeServer({
      'GET /backoffice/sitzung': { status: 401, data: { code: 'PSOF0204' } },
    });
    wire(store, adapter);
    store.set(backofficeRestoringAtom, true);
    await restoreBackofficeSession(store, BACKOFFICE_TOKEN);
    expect(store.get(backofficeUserAtom)).toBeNull();
    expect(store.get(backofficeRestoringAtom)).toBe(false);
    // The interceptor's end of session loads nothing lazily here: clearBackofficeSession ran at once.
    expect(readBackofficeToken()).toBeNull();
  });

  it('an expired stored token is dropped without asking the server', async () => {
    const store = createStore();
    const expired = jwt({ kind: 'backoffice', exp: inSeconds(-10) });
    window.sessionStorage.setItem(backofficeTokenKey(window.location.host), expired);
    const { adapter, requests } = fakeServer({});
    wire(store, adapter);
    await restoreBackofficeSession(store, expired);
    expect(requests).toHaveLength(0);
    expect(readBackofficeToken()).toBeNull();
  });

  it('the expiry check ends an expired back-office session and leaves a valid one', () => {
    const store = createStore();
    acceptBackofficeLogin(store, staff(['admin'], jwt({ kind: 'backoffice', exp: 2_000 })));
    expect(checkBackofficeExpiry(store, () => 1_999_000)).toBe(false);
    expect(store.get(backofficeUserAtom)).not.toBeNull();
    expect(checkBackofficeExpiry(store, () => 2_000_000)).toBe(true);
    expect(store.get(backofficeUserAtom)).toBeNull();
    expect(readBackofficeToken()).toBeNull();
  });

  it('signs out on the server with its token and marks the sign-out for the confirmation', async () => {
    const store = createStore();
    acceptBackofficeLogin(store, staff(['operator']));
    const { adapter, requests } = fakeServer({ 'POST /backoffice/abmelden': { status: 204 } });
    wire(store, adapter);
    await logoutBackoffice(store);
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${BACKOFFICE_TOKEN}`);
    expect(store.get(backofficeUserAtom)).toBeNull();
    expect(store.get(justLoggedOutBackofficeAtom)).toBe(true);
    expect(readBackofficeToken()).toBeNull();
  });

  it('signs out here even when the server cannot be told', async () => {
    const store = createStore();
    acceptBackofficeLogin(store, staff(['operator']));
    wire(store, fakeServer({ 'POST /backoffice/abmelden': { status: 500 } }).adapter);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await logoutBackoffice(store);
    expect(store.get(backofficeTokenAtom)).toBeNull();
    warn.mockRestore();
  });
});
