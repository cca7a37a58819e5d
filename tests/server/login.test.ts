import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../schemas/account.ts';
import { ALPHA, BETA, buildTestApp, databases, login, TEST_SESSION_SECRET } from './helpers.ts';
import { NO_THROTTLE } from './loginThrottleSupport.ts';

const WRONG_CREDENTIALS = {
  code: 'PSOF0200',
  message: 'E-Mail-Adresse oder Passwort ist falsch.',
};

describe.each(databases)('POST /account/login on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, {
      sessionSecret: TEST_SESSION_SECRET,
      sessionTtlMinutes: 30,
      // Many wrong passwords from one test client: the throttle has its own tests (loginThrottle.test.ts).
      rateLimits: { loginThrottle: NO_THROTTLE },
    });
  });
  afterAll(() => app?.close());

  it('logs in with e-mail and password and answers SPEC’s fields with a session token', async () => {
    const response = await login(app, 'alpha', ALPHA.anna);
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body).toEqual({
      Email: 'anna.alpha@alpha.example',
      Anrede: 'Frau',
      Vorname: 'Anna',
      Nachname: 'Alphaweg',
      Empfehlerhash: expect.stringMatching(/^[0-9a-f]{32}$/),
      Token: expect.any(String),
      NewsletterOptinGegeben: true,
      NewsletterOptinVersendetAm: null,
      Language: 'de',
    });
    const claims = decodeJwt(body.Token);
    expect(claims).toEqual({
      sub: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mnd: 'alpha',
      kind: 'user',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    // SESSION_TTL_MINUTES (30 here)
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 60);
  });

  it('answers each login with a new token', async () => {
    const first = (await login(app, 'alpha', ALPHA.anna)).json<LoginResponse>();
    const second = (await login(app, 'alpha', ALPHA.anna)).json<LoginResponse>();
    expect(decodeJwt(first.Token).jti).not.toBe(decodeJwt(second.Token).jti);
  });

  it('compares the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const response = await login(app, 'alpha', {
      email: '  ANNA.Alpha@ALPHA.Example ',
      password: 'Passwort123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().Email).toBe('anna.alpha@alpha.example');
  });

  it('answers a wrong password with 401 PSOF0200', async () => {
    const response = await login(app, 'alpha', { ...ALPHA.anna, password: 'Passwort124' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(WRONG_CREDENTIALS);
  });

  it('treats the password as case-sensitive', async () => {
    const response = await login(app, 'alpha', { ...ALPHA.anna, password: 'passwort123' });
    expect(response.json()).toEqual(WRONG_CREDENTIALS);
  });

  it('answers an unknown e-mail exactly like a wrong password, after the same password check', async () => {
    const dummy = vi.spyOn(app.passwordHasher, 'verifyDummy');
    try {
      const unknown = await login(app, 'alpha', { email: 'niemand@alpha.example', password: 'Passwort123' });
      const wrong = await login(app, 'alpha', { ...ALPHA.anna, password: 'Passwort124' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      // An unknown e-mail still pays for one argon2 verification, so timing does not tell them apart.
      expect(dummy).toHaveBeenCalledTimes(1);
      expect(dummy).toHaveBeenCalledWith('Passwort123');
    } finally {
      dummy.mockRestore();
    }
  });

  it('spends as long on the dummy check as on a real one', async () => {
    const hasher = app.passwordHasher;
    const real = await hasher.hash('Passwort123');
    const elapsed = async (check: () => Promise<unknown>) => {
      const started = performance.now();
      await check();
      return performance.now() - started;
    };
    // Interleaved, so that load from parallel test files hits both alike; medians of seven.
    const realTimes: number[] = [];
    const dummyTimes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      realTimes.push(await elapsed(() => hasher.verify(real, 'Falsch123')));
      dummyTimes.push(await elapsed(() => hasher.verifyDummy('Falsch123')));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3] ?? 0;
    // Same argon2id parameters, so the same cost; a skipped check would take microseconds.
    expect(median(dummyTimes)).toBeGreaterThan(median(realTimes) / 3);
    expect(median(dummyTimes)).toBeLessThan(median(realTimes) * 3);
  });

  it.each([
    [
      'blocked',
      'PSOF0203',
      ALPHA.blocked,
      'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.',
    ],
    [
      'suspended',
      'PSOF0205',
      ALPHA.suspended,
      'Ihr Konto ist vorübergehend gesperrt. Bitte versuchen Sie es später noch einmal.',
    ],
    ['excluded', 'PSOF0206', ALPHA.excluded, expect.stringContaining('vom Programm ausgeschlossen')],
  ])('answers a %s account with 403 %s after a correct password', async (_status, code, account, message) => {
    const response = await login(app, 'alpha', account);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code, message });
  });

  it('does not tell a stranger that an account is blocked', async () => {
    const response = await login(app, 'alpha', { ...ALPHA.blocked, password: 'Falsch123' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(WRONG_CREDENTIALS);
  });

  it('keeps accounts of one e-mail apart per mandant', async () => {
    const beta = await login(app, 'beta', BETA.anna);
    expect(beta.statusCode).toBe(200);
    expect(beta.json<LoginResponse>().Nachname).toBe('Betastedt');
    expect((await login(app, 'beta', ALPHA.anna)).json()).toEqual(WRONG_CREDENTIALS);
    expect((await login(app, 'alpha', BETA.anna)).json()).toEqual(WRONG_CREDENTIALS);
    expect((await login(app, 'gamma', ALPHA.anna)).json()).toEqual(WRONG_CREDENTIALS);
  });

  it('finds the mandant case-insensitively, and answers an unknown one with 404 PSOF0010', async () => {
    expect((await login(app, 'ALPHA', ALPHA.anna)).statusCode).toBe(200);
    const unknown = await login(app, 'zeta', ALPHA.anna);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PSOF0010' });
  });

  it('answers in English with X-Accept-Language: en', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/login',
      headers: { 'x-accept-language': 'en' },
      payload: { Email: ALPHA.anna.email, Password: 'nope' },
    });
    expect(response.json()).toEqual({ code: 'PSOF0200', message: 'E-mail address or password is wrong.' });
  });

  it('sends the opt-in mail date in the wire format, Berlin time', async () => {
    await sql`update account set newsletter_optin_versendet_am = '2026-07-01T10:00:00Z'
      where mandant_id = 'alpha' and email = ${ALPHA.ben.email}`.execute(app.database.kysely);
    const response = await login(app, 'alpha', ALPHA.ben);
    expect(response.json<LoginResponse>()).toMatchObject({
      NewsletterOptinGegeben: false,
      NewsletterOptinVersendetAm: '2026-07-01T12:00:00',
      Language: 'en',
    });
  });

  it.each([
    ['no body', undefined],
    ['no password', { Email: ALPHA.anna.email }],
    ['an empty password', { Email: ALPHA.anna.email, Password: '' }],
    ['an object as e-mail', { Email: { $ne: '' }, Password: 'x' }],
    ['an over-long password', { Email: ALPHA.anna.email, Password: 'A1a'.repeat(400) }],
    ['an array', [ALPHA.anna.email, 'Passwort123']],
  ])('answers %s with 400 PSOF0013', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/login',
      ...(payload === undefined ? {} : { payload }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PSOF0013' });
  });

  it('answers a form-encoded body with 415, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Email=a&Password=b',
    });
    expect(response.statusCode).toBe(415);
  });

  it('lists the account calls in the OpenAPI document', async () => {
    const docs = (await app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(Object.keys(docs.paths['/api/v1/{mandant}/account/login'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(docs.paths).toHaveProperty(['/api/v1/{mandant}/account/user', 'get', 'security']);
    expect(docs.paths).toHaveProperty(['/api/v1/{mandant}/account/updateLanguage', 'post']);
    expect(docs.paths).toHaveProperty(['/api/v1/{mandant}/account/logout', 'post']);
    expect(docs.paths).toHaveProperty(['/api/v1/{mandant}/token/verifyAgenturToken', 'get']);
    expect(Object.keys(docs.components.schemas)).toEqual(
      expect.arrayContaining(['LoginResponse', 'AgencyTokenResponse']),
    );
  });
});
