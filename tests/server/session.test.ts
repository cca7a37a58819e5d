import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../schemas/account.ts';
import { buildApp } from '../../server/buildApp.ts';
import {
  ALPHA,
  BETA,
  bearer,
  buildTestApp,
  databases,
  loginToken,
  TEST_SESSION_SECRET,
  VALID_MANDANTS,
} from './helpers.ts';

const SESSION_EXPIRED = {
  code: 'PSOF0204',
  message: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
};
const key = new TextEncoder().encode(TEST_SESSION_SECRET);

/** A token signed like the server signs them, with claims of the test's choosing. */
function sign(claims: Record<string, unknown>, secret: Uint8Array = key): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

describe.each(databases)('sessions on $name', (database) => {
  let app: FastifyInstance;
  let annaToken: string;
  let annaId: string;
  beforeAll(async () => {
    app = await buildTestApp(database, { sessionSecret: TEST_SESSION_SECRET });
    annaToken = await loginToken(app, 'alpha', ALPHA.anna);
    annaId = String(decodeJwt(annaToken).sub);
  });
  afterAll(() => app?.close());

  const user = (mandant: string, headers: Record<string, string>) =>
    app.inject({ url: `/api/v1/${mandant}/account/user`, headers });
  const now = () => Math.floor(Date.now() / 1000);

  describe('GET /account/user', () => {
    it('answers the logged-in recommender with the caller’s token', async () => {
      const response = await user('alpha', bearer(annaToken));
      expect(response.statusCode).toBe(200);
      expect(response.json<LoginResponse>()).toMatchObject({
        Email: ALPHA.anna.email,
        Vorname: 'Anna',
        Token: annaToken,
      });
    });

    it('takes the token from X-Authorization too (SPEC section 6)', async () => {
      const response = await user('alpha', { 'x-authorization': `Bearer ${annaToken}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<LoginResponse>().Token).toBe(annaToken);
    });

    it('reads X-Authorization when Authorization carries another scheme (a protected staging)', async () => {
      const response = await user('alpha', {
        authorization: 'Basic c3RhZ2luZzpzZWNyZXQ=',
        'x-authorization': `Bearer ${annaToken}`,
      });
      expect(response.statusCode).toBe(200);
    });

    it('asks to log in first when there is no token (401 PSOF0210)', async () => {
      const response = await user('alpha', {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'PSOF0210', message: 'Bitte melden Sie sich zuerst an.' });
    });

    it.each([
      ['a malformed token', 'not-a-token'],
      ['a truncated token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0'],
      ['an over-long token', 'a'.repeat(5000)],
    ])('answers %s with 401 PSOF0204', async (_case, token) => {
      const response = await user('alpha', bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_EXPIRED);
    });

    it('rejects a token of mandant alpha on mandant beta (401 PSOF0204)', async () => {
      const response = await user('beta', bearer(annaToken));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_EXPIRED);
      // and the other way round: beta's token is not alpha's
      const betaToken = await loginToken(app, 'beta', BETA.anna);
      expect((await user('alpha', bearer(betaToken))).json()).toEqual(SESSION_EXPIRED);
      expect((await user('beta', bearer(betaToken))).statusCode).toBe(200);
    });

    it('rejects an expired token (401 PSOF0204), and accepts the same token before its expiry', async () => {
      const claims = { sub: annaId, mnd: 'alpha', kind: 'user', jti: crypto.randomUUID() };
      const expired = await sign({ ...claims, iat: now() - 600, exp: now() - 60 });
      expect((await user('alpha', bearer(expired))).json()).toEqual(SESSION_EXPIRED);
      const valid = await sign({ ...claims, iat: now(), exp: now() + 60 });
      expect((await user('alpha', bearer(valid))).statusCode).toBe(200);
    });

    it('rejects a token signed with another key, or not signed at all', async () => {
      const claims = {
        sub: annaId,
        mnd: 'alpha',
        kind: 'user',
        jti: crypto.randomUUID(),
        iat: now(),
        exp: now() + 600,
      };
      const forged = await sign(claims, new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'));
      expect((await user('alpha', bearer(forged))).json()).toEqual(SESSION_EXPIRED);
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const unsigned = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      expect((await user('alpha', bearer(unsigned))).json()).toEqual(SESSION_EXPIRED);
    });

    it('rejects a correctly signed token whose claims are not ours', async () => {
      const base = { sub: annaId, mnd: 'alpha', kind: 'user', jti: crypto.randomUUID(), iat: now() };
      for (const claims of [
        { ...base, kind: 'admin', exp: now() + 600 },
        { ...base, sub: 'not-a-uuid', exp: now() + 600 },
        { ...base, sub: crypto.randomUUID(), exp: now() + 600 },
        { ...base, jti: undefined, exp: now() + 600 },
        { ...base },
      ]) {
        const response = await user('alpha', bearer(await sign(claims)));
        expect(response.statusCode, JSON.stringify(claims)).toBe(401);
        expect(response.json()).toEqual(SESSION_EXPIRED);
      }
    });

    it('answers an agency token with 403 PSOF0202, which does not log the recommender out', async () => {
      const agencyToken = await app.issueAgencyToken('alpha', ALPHA.agency.email);
      const response = await user('alpha', bearer(agencyToken));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PSOF0202' });
    });

    it('ends the session when the account is blocked meanwhile', async () => {
      const token = await loginToken(app, 'alpha', ALPHA.ben);
      expect((await user('alpha', bearer(token))).statusCode).toBe(200);
      await sql`update account set status = 'blocked' where email = ${ALPHA.ben.email} and mandant_id = 'alpha'`.execute(
        app.database.kysely,
      );
      try {
        expect((await user('alpha', bearer(token))).json()).toEqual(SESSION_EXPIRED);
      } finally {
        await sql`update account set status = 'active' where email = ${ALPHA.ben.email} and mandant_id = 'alpha'`.execute(
          app.database.kysely,
        );
      }
    });

    it('ends sessions that began before a password change', async () => {
      const token = await loginToken(app, 'alpha', ALPHA.ben);
      await sql`update account set password_changed_at = now() + interval '2 seconds'
        where email = ${ALPHA.ben.email} and mandant_id = 'alpha'`.execute(app.database.kysely);
      try {
        expect((await user('alpha', bearer(token))).json()).toEqual(SESSION_EXPIRED);
      } finally {
        // a change before the token was issued does not touch it
        await sql`update account set password_changed_at = now() - interval '1 minute'
          where email = ${ALPHA.ben.email} and mandant_id = 'alpha'`.execute(app.database.kysely);
      }
      expect((await user('alpha', bearer(token))).statusCode).toBe(200);
    });
  });

  describe('POST /account/updateLanguage/', () => {
    const update = (mandant: string, token: string | undefined, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/${mandant}/account/updateLanguage/`,
        headers: token ? bearer(token) : {},
        payload: payload as Record<string, unknown>,
      });

    it('stores an offered language and answers the updated user', async () => {
      const response = await update('alpha', annaToken, { Language: 'en' });
      expect(response.statusCode).toBe(200);
      expect(response.json<LoginResponse>()).toMatchObject({ Language: 'en', Token: annaToken });
      expect((await user('alpha', bearer(annaToken))).json<LoginResponse>().Language).toBe('en');
      expect((await update('alpha', annaToken, { Language: 'de' })).json<LoginResponse>().Language).toBe(
        'de',
      );
    });

    it.each([
      ['a language alpha does not offer', 'alpha', { Language: 'fr' }, '/Language'],
      ['upper case', 'alpha', { Language: 'EN' }, '/Language'],
      ['three letters', 'alpha', { Language: 'eng' }, '/Language'],
      ['no language', 'alpha', {}, '/Language'],
      ['English on beta, which offers only German', 'beta', { Language: 'en' }, '/Language'],
    ])('answers %s with 400 PSOF0013 pointing at the field', async (_case, mandant, payload, pointer) => {
      const token = mandant === 'alpha' ? annaToken : await loginToken(app, 'beta', BETA.anna);
      const response = await update(mandant, token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PSOF0013',
        details: [expect.objectContaining({ pointer })],
      });
    });

    it('needs a login (401 PSOF0210), checked before the body', async () => {
      const response = await update('alpha', undefined, { Language: 'xx-bad' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'PSOF0210' });
    });
  });

  describe('POST /account/logout', () => {
    const logout = (mandant: string, headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/v1/${mandant}/account/logout`, headers });

    it('revokes the token: from then on it answers 401 PSOF0204', async () => {
      const token = await loginToken(app, 'alpha', ALPHA.ben);
      expect((await user('alpha', bearer(token))).statusCode).toBe(200);
      const response = await logout('alpha', bearer(token));
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await user('alpha', bearer(token))).json()).toEqual(SESSION_EXPIRED);
      expect((await user('alpha', { 'x-authorization': `Bearer ${token}` })).json()).toEqual(SESSION_EXPIRED);
      expect((await logout('alpha', bearer(token))).json()).toEqual(SESSION_EXPIRED);
    });

    it.each([
      ['as axios sends post(url, null)', 'application/x-www-form-urlencoded'],
      ['with an empty JSON body', 'application/json'],
      ['without Content-Type', undefined],
    ])('accepts a bodiless logout %s', async (_case, contentType) => {
      const token = await loginToken(app, 'alpha', ALPHA.ben);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/account/logout',
        headers: {
          ...bearer(token),
          'content-length': '0',
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        payload: '',
      });
      expect(response.statusCode).toBe(204);
      expect((await user('alpha', bearer(token))).json()).toEqual(SESSION_EXPIRED);
    });

    it('ends only that session and changes nothing else about the user', async () => {
      const first = await loginToken(app, 'alpha', ALPHA.ben);
      const second = await loginToken(app, 'alpha', ALPHA.ben);
      const before = (await user('alpha', bearer(second))).json<LoginResponse>();
      expect((await logout('alpha', bearer(first))).statusCode).toBe(204);
      const after = (await user('alpha', bearer(second))).json<LoginResponse>();
      expect(after).toEqual(before);
      expect((await login('alpha')).statusCode).toBe(200);
    });

    it('keeps the revocation until the token would have expired anyway', async () => {
      const token = await loginToken(app, 'alpha', ALPHA.ben);
      const { jti, exp } = decodeJwt(token);
      await logout('alpha', bearer(token));
      const row = await app.database.kysely
        .selectFrom('revoked_token')
        .selectAll()
        .where('jti', '=', String(jti))
        .executeTakeFirstOrThrow();
      expect(row.mandant_id).toBe('alpha');
      expect(row.expires_at.getTime()).toBe((exp ?? 0) * 1000);
    });

    it('logs out an agency user with the same call', async () => {
      const agencyToken = await app.issueAgencyToken('alpha', ALPHA.agency.email);
      expect((await logout('alpha', bearer(agencyToken))).statusCode).toBe(204);
      const verify = await app.inject({ url: `/api/v1/alpha/token/verifyAgenturToken?t=${agencyToken}` });
      expect(verify.json()).toEqual(SESSION_EXPIRED);
    });

    it('needs a token of the mandant it names', async () => {
      const token = await loginToken(app, 'alpha', ALPHA.ben);
      expect((await logout('beta', bearer(token))).json()).toEqual(SESSION_EXPIRED);
      expect((await logout('alpha', {})).json()).toMatchObject({ code: 'PSOF0210' });
      expect((await user('alpha', bearer(token))).statusCode).toBe(200);
    });
  });

  function login(mandant: string) {
    return app.inject({
      method: 'POST',
      url: `/api/v1/${mandant}/account/login`,
      payload: { Email: ALPHA.ben.email, Password: ALPHA.ben.password },
    });
  }
});

describe('session secret', () => {
  it('refuses a SESSION_SECRET shorter than 32 bytes', () => {
    expect(() => buildApp({ mandantsDir: VALID_MANDANTS, sessionSecret: 'too-short' })).toThrow(
      /at least 32 bytes/,
    );
  });
});
