import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from '../../runtime/router/afterLoginTarget.ts';
import { loginRedirectSearch, readLoginRedirect } from '../../runtime/router/guards/loginRedirect.ts';
import { buildRouteTable } from '../../runtime/router/routeTable.ts';
import { bearerToken, selectAuthToken } from '../../runtime/session/authToken.ts';
import { endsSession } from '../../runtime/session/endsSession.ts';
import { expiredSessions } from '../../runtime/session/expiredSessions.ts';
import { lookupToken, type TokenSources } from '../../runtime/session/lookupToken.ts';
import { readCookieToken, tokenStorageKey } from '../../runtime/session/storedToken.ts';
import { isTokenExpired, readTokenClaims } from '../../runtime/session/tokenClaims.ts';
import { tokenCookie } from '../../runtime/session/tokenStorage.ts';

/** A JWT as the server signs them (the signature is not checked in the browser). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const NOW_S = NOW / 1000;

describe('token lookup order (SPEC 6: user token, agency user token, cookie, local storage)', () => {
  const none: TokenSources = { userToken: null, agencyToken: null, cookieToken: null, storedToken: null };
  it.each<[string, Partial<TokenSources>, string | null]>([
    ['the user token first', { userToken: 'u', agencyToken: 'a', cookieToken: 'c', storedToken: 's' }, 'u'],
    ['then the agency user token', { agencyToken: 'a', cookieToken: 'c', storedToken: 's' }, 'a'],
    ['then the cookie', { cookieToken: 'c', storedToken: 's' }, 'c'],
    ['then local storage', { storedToken: 's' }, 's'],
    ['an empty value is no token', { userToken: '', storedToken: 's' }, 's'],
    ['nothing at all', {}, null],
  ])('%s', (_rule, sources, expected) => {
    expect(lookupToken({ ...none, ...sources })).toBe(expected);
  });
});

describe('bearer header selection (SPEC 6)', () => {
  it.each<[string, string, string | null, string | null, string | null, string | null]>([
    // [rule, url, explicit, reward token, session, expected]
    ['ordinary call: the session token', '/account/user', null, null, 's', 's'],
    [
      'ordinary call: the session wins over an explicit header',
      '/empfehler/empfehlungen/',
      'e',
      null,
      's',
      's',
    ],
    ['ordinary call without session: the explicit header', '/aktion/alleAktiven', 'e', null, null, 'e'],
    ['no token at all', '/route/default', null, null, null, null],
    // "For reward and recipient paths the explicitly given header is used"
    ['reward path: explicit wins', '/praemierung/', 'e', 'r', 's', 'e'],
    ['reward path with query', '/praemierung?details=true', 'e', null, 's', 'e'],
    ['reward image path: explicit wins', '/praemie/7/grafik100', 'e', null, 's', 'e'],
    ['recipient path: explicit wins', '/empfaenger/bankdaten', 'e', null, 's', 'e'],
    ['recipient path, upper case', '/Empfaenger/create/12', 'e', null, 's', 'e'],
    ['recipient path without explicit: the session', '/empfaenger/auftrag', null, null, 's', 's'],
    // "for customer-number paths the reward token is used"
    ['customer number: reward token', '/empfehler/GetResultFromKundennummer/', 'e', 'r', 's', 'r'],
    [
      'customer number, set: reward token',
      '/empfehler/SetKundennummerForEmpfehler/5?x=1',
      null,
      'r',
      's',
      'r',
    ],
    [
      'customer number without reward token: explicit',
      '/empfehler/getresultfromkundennummer',
      'e',
      null,
      's',
      'e',
    ],
    ['a path that only starts like one is ordinary', '/empfaengerliste', 'e', null, 's', 's'],
    // Logout names the token it ends (an agency logout while a recommender is logged in too).
    ['logout: explicit wins', '/account/logout', 'agency', null, 'user', 'agency'],
  ])('%s', (_rule, url, explicit, rewardToken, session, expected) => {
    expect(selectAuthToken({ url, explicit, rewardToken, session })).toBe(expected);
  });

  // Both kinds logged in: the agency area's calls carry the agency token, everything else the lookup's.
  it.each([
    ['agency report', '/agentur/auftraege/A-1001/', 'agency'],
    ['agency staff, upper case', '/Agentur/mitarbeiter', 'agency'],
    ['invitation', '/Einladung', 'agency'],
    ['invitation form data', '/Einladung/daten', 'agency'],
    ['agency variables', '/content/agenturvariables/A-1001', 'agency'],
    ['a recommender path', '/empfehler/meinedaten', 'user'],
    ['a path that only starts like one', '/agenturen', 'user'],
  ])('both logged in, %s', (_rule, url, expected) => {
    expect(
      selectAuthToken({ url, explicit: null, rewardToken: null, session: 'user', agencyToken: 'agency' }),
    ).toBe(expected);
  });

  it('without an agency session the agency paths take the lookup as before', () => {
    expect(selectAuthToken({ url: '/agentur/A-1001', explicit: null, rewardToken: null, session: 's' })).toBe(
      's',
    );
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer   abc ', 'abc'],
    ['Basic abc', null],
    ['', null],
    [undefined, null],
  ])('reads the token of "%s"', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe('which failures end the session (SPEC 4 and 8: HTTP 401 or PSOF0204 logs out both user kinds)', () => {
  it.each<[string, number | null, string, boolean]>([
    ['401 with the session code', 401, 'PSOF0204', true],
    ['PSOF0204 with another status', 403, 'PSOF0204', true],
    ['401 "log in first"', 401, 'PSOF0210', true],
    ['401 with an unknown code', 401, 'PSOF0001', true],
    ['401 wrong e-mail or password at login (the request’s own credentials)', 401, 'PSOF0200', false],
    ['401 recipient link token', 401, 'PSOF0310', false],
    ['401 reward link token', 401, 'PSOF0401', false],
    ['403 blocked account', 403, 'PSOF0203', false],
    ['network error', null, 'PSOF0002', false],
    ['500', 500, 'PSOF0001', false],
  ])('%s', (_rule, status, code, expected) => {
    expect(endsSession(status, code)).toBe(expected);
  });
});

describe('token expiry (SPEC 4: checked every 60 s by the JWT exp)', () => {
  it.each<[string, string, boolean]>([
    ['exp in the future', jwt({ exp: NOW_S + 60 }), false],
    ['exp now', jwt({ exp: NOW_S }), true],
    ['exp in the past', jwt({ exp: NOW_S - 1 }), true],
    ['no exp', jwt({ sub: '1' }), true],
    ['exp not a number', jwt({ exp: 'tomorrow' }), true],
    ['not a JWT', 'opaque-token', true],
    ['broken payload', 'a.!!!.c', true],
  ])('%s', (_rule, token, expected) => {
    expect(isTokenExpired(token, NOW)).toBe(expected);
  });

  it('names which of the known tokens expired', () => {
    const alive = jwt({ exp: NOW_S + 600 });
    const dead = jwt({ exp: NOW_S - 600 });
    expect(expiredSessions({ userToken: dead, agencyToken: alive, storedToken: null }, NOW)).toEqual({
      user: true,
      agency: false,
      stored: false,
    });
    expect(expiredSessions({ userToken: null, agencyToken: null, storedToken: dead }, NOW)).toEqual({
      user: false,
      agency: false,
      stored: true,
    });
  });

  it('reads the claims of base64url payloads', () => {
    const token = jwt({ sub: 'ä?>', kind: 'agency', exp: 1 });
    expect(readTokenClaims(token)).toMatchObject({ kind: 'agency', exp: 1 });
  });
});

describe('token storage (SPEC 9: cookie psoe_token, local storage key host + _token)', () => {
  it('names the local storage entry after the host', () => {
    expect(tokenStorageKey('telko.localhost:8080')).toBe('telko.localhost:8080_token');
  });

  it.each([
    ['psoe_token=abc', 'abc'],
    ['channel=x; psoe_token=a%2Eb; other=1', 'a.b'],
    ['psoe_token=', null],
    ['xpsoe_token=abc', null],
    ['', null],
  ])('reads the cookie from "%s"', (cookies, expected) => {
    expect(readCookieToken(cookies)).toBe(expected);
  });

  it('sets the cookie for the whole site, SameSite=Lax, until the token expires, Secure on https', () => {
    const token = jwt({ exp: NOW_S });
    expect(tokenCookie(token, true)).toBe(
      `psoe_token=${encodeURIComponent(token)}; path=/; SameSite=Lax; expires=${new Date(NOW).toUTCString()}; Secure`,
    );
    expect(tokenCookie(token, false)).not.toContain('Secure');
  });

  it('without exp the cookie lives for the session; null deletes it', () => {
    expect(tokenCookie('opaque', false)).toBe('psoe_token=opaque; path=/; SameSite=Lax');
    expect(tokenCookie(null, false)).toBe(
      `psoe_token=; path=/; SameSite=Lax; expires=${new Date(0).toUTCString()}`,
    );
  });
});

describe('the way back after login (SPEC 2: redirect query with route name and params)', () => {
  const table = buildRouteTable({
    Homepage: '/',
    Dashboard: '/persoenlicher-bereich',
    Login: '/login',
    Recommendation: '/empfehlen/:productId',
  });

  it('writes and reads route name and params', () => {
    const search = loginRedirectSearch({ name: 'Recommendation', params: { productId: '7' } });
    expect(search).toBe('?redirect=Recommendation&redirectParams=%7B%22productId%22%3A%227%22%7D');
    expect(readLoginRedirect(search)).toEqual({ name: 'Recommendation', params: { productId: '7' } });
    expect(loginRedirectSearch({ name: 'Dashboard', params: {} })).toBe('?redirect=Dashboard');
  });

  it.each<[string, string, { name: string; params: Record<string, string> }]>([
    [
      'the page in the query',
      '?redirect=Recommendation&redirectParams={"productId":"7"}',
      { name: 'Recommendation', params: { productId: '7' } },
    ],
    ['no query: the personal area', '', { name: 'Dashboard', params: {} }],
    ['a route the mandant does not have', '?redirect=Settings', { name: 'Dashboard', params: {} }],
    ['not back to the login itself', '?redirect=Login', { name: 'Dashboard', params: {} }],
    [
      'not a route name (no URLs travel)',
      '?redirect=https://evil.example',
      { name: 'Dashboard', params: {} },
    ],
    ['malformed params', '?redirect=Recommendation&redirectParams={oops', { name: 'Dashboard', params: {} }],
    [
      'params that are not strings',
      '?redirect=Recommendation&redirectParams={"productId":7}',
      { name: 'Dashboard', params: {} },
    ],
  ])('%s', (_rule, search, expected) => {
    expect(afterLoginTarget(search, table, 'Dashboard')).toEqual(expected);
  });

  it('falls back to home when there is no personal area', () => {
    expect(afterLoginTarget('', buildRouteTable({ Homepage: '/' }), 'Dashboard')).toEqual({
      name: 'Homepage',
      params: {},
    });
  });
});
