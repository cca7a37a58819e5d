import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_THROTTLE } from '../../server/rateLimit/loginThrottleSettings.ts';
import { ALPHA, BETA, bearer, buildTestApp, databases, type TestDatabase } from './helpers.ts';
import { ageFailures, REDIS_URL, tryLogin } from './loginThrottleSupport.ts';

const WRONG = 'Falsch123';
const SPEC_WRONG = { code: 'PSOF0200', message: 'E-Mail-Adresse oder Passwort ist falsch.' };

/**
 * The default rules, but a first delay of a minute: a slow test machine never outwaits a delay by itself,
 * the tests move time with ageFailures.
 */
const THROTTLE = {
  ...DEFAULT_LOGIN_THROTTLE,
  accountAndSource: {
    ...DEFAULT_LOGIN_THROTTLE.accountAndSource,
    baseDelaySeconds: 60,
    maxDelaySeconds: 3600,
  },
};

/** Every database, and PGlite once more with the counters in Redis. */
const stores: { name: string; database: TestDatabase; redis: boolean }[] = [
  ...databases.map((database) => ({ name: database.name, database, redis: false })),
  { name: 'redis', database: { name: 'pglite' }, redis: true },
];

describe.each(stores)('login throttle on $name', ({ database, redis }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, {
      rateLimits: { loginThrottle: THROTTLE },
      ...(redis ? { redisUrl: REDIS_URL, redisKeyPrefix: `test:${randomBytes(6).toString('hex')}:` } : {}),
    });
  });
  afterAll(() => app?.close());

  const login = (email: string, password: string, ip: string, captcha = false) =>
    tryLogin(app, 'account/login', email, password, { ip, captcha });

  it('answers wrong credentials word for word, then delays with 429 PSOF0910 and never refuses the right password for good', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 3; i += 1) {
      const wrong = await login(ALPHA.ben.email, WRONG, ip);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(SPEC_WRONG);
    }
    // Three failures of this e-mail from this client: the next attempt waits, even with the right password.
    const early = await login(ALPHA.ben.email, ALPHA.ben.password, ip, true);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'PSOF0910' });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    await ageFailures(app, 61);
    // The delay has passed; the account's failures ask for the captcha.
    const noCaptcha = await login(ALPHA.ben.email, ALPHA.ben.password, ip);
    expect(noCaptcha.statusCode).toBe(422);
    expect(noCaptcha.json()).toMatchObject({ code: 'PSOF0307' });
    const wrongCaptcha = await tryLogin(app, 'account/login', ALPHA.ben.email, ALPHA.ben.password, {
      ip,
      captcha: 'bm90IGEgc29sdXRpb24=',
    });
    expect(wrongCaptcha.json()).toMatchObject({ code: 'PSOF0308' });
    const ok = await login(ALPHA.ben.email, ALPHA.ben.password, ip, true);
    expect(ok.statusCode).toBe(200);
    // The success forgot the failures: no captcha, no delay.
    expect((await login(ALPHA.ben.email, ALPHA.ben.password, ip)).statusCode).toBe(200);
  });

  it('grows the delay with every failure: 1, 2, 4, 8 minutes (1, 2, 4, 8 seconds by default)', async () => {
    const ip = '10.9.2.1';
    const email = 'wachsend@alpha.example';
    for (let i = 0; i < 3; i += 1) expect((await login(email, WRONG, ip)).statusCode).toBe(401);
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const refused = await login(email, WRONG, ip, true);
      expect(refused.json()).toMatchObject({ code: 'PSOF0910' });
      const retryAfter = Number(refused.headers['retry-after']);
      delays.push(Math.round(retryAfter / 60));
      await ageFailures(app, retryAfter + 1);
      expect((await login(email, WRONG, ip, true)).statusCode).toBe(401);
    }
    expect(delays).toEqual([1, 2, 4, 8]);
  });

  it('lets nobody lock the owner out: a stranger’s failures ask the owner for the captcha, never for a wait', async () => {
    // 4 strangers, 3 failures each: 12 failures of Anna's address.
    for (const stranger of ['10.9.3.1', '10.9.3.2', '10.9.3.3', '10.9.3.4']) {
      for (let i = 0; i < 3; i += 1) {
        const response = await login(ALPHA.anna.email, WRONG, stranger, true);
        expect(response.statusCode).toBe(401);
      }
      expect((await login(ALPHA.anna.email, WRONG, stranger, true)).statusCode).toBe(429);
    }
    const owner = '10.9.3.9';
    expect((await login(ALPHA.anna.email, ALPHA.anna.password, owner)).json()).toMatchObject({
      code: 'PSOF0307',
    });
    expect((await login(ALPHA.anna.email, ALPHA.anna.password, owner, true)).statusCode).toBe(200);
  });

  it('answers an address that is no account’s exactly like an account’s', async () => {
    const statuses = async (email: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await login(email, WRONG, ip);
        seen.push(`${response.statusCode} ${response.json().code}`);
      }
      return seen;
    };
    const known = await statuses(ALPHA.suspended.email, '10.9.4.1');
    const unknown = await statuses('niemand-hier@alpha.example', '10.9.4.2');
    expect(known).toEqual(['401 PSOF0200', '401 PSOF0200', '401 PSOF0200', '429 PSOF0910']);
    expect(unknown).toEqual(known);
  });

  it('lets one of several parallel guesses through once a delay applies', async () => {
    const ip = '10.9.5.1';
    const email = 'parallel@alpha.example';
    for (let i = 0; i < 3; i += 1) await login(email, WRONG, ip);
    await ageFailures(app, 61);
    const captchas = await Promise.all(
      Array.from({ length: 4 }, () => tryLogin(app, 'account/login', email, WRONG, { ip, captcha: false })),
    );
    // Without captcha all four are refused before the password is looked at.
    expect(captchas.map((response) => response.json().code)).toEqual(Array(4).fill('PSOF0307'));
    const guesses = await Promise.all(Array.from({ length: 4 }, () => login(email, WRONG, ip, true)));
    const codes = guesses.map((response) => response.json().code).sort();
    expect(codes).toEqual(['PSOF0200', 'PSOF0910', 'PSOF0910', 'PSOF0910']);
  });

  it('lets no more than the free failures through when 30 guesses arrive at once from a clean start', async () => {
    const tally = (responses: { statusCode: number; json: () => { code: string } }[]) =>
      responses.reduce<Record<string, number>>((counts, response) => {
        const key = `${response.statusCode} ${response.json().code}`;
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {});
    // From 30 addresses: the e-mail's own counter asks for the captcha after its 3 free failures.
    const spread = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('buendel@alpha.example', WRONG, `10.9.8.${i + 1}`)),
    );
    expect(tally(spread)).toEqual({ '401 PSOF0200': 3, '422 PSOF0307': 27 });
    // From one address two counters hand out numbers (the e-mail's and the pair's); on PostgreSQL's pool
    // the first three of each need not go to the same requests, so at most 3 reach the password, and
    // every other one is delayed or asked for the captcha.
    const one = tally(
      await Promise.all(Array.from({ length: 30 }, () => login('buendel2@alpha.example', WRONG, '10.9.9.1'))),
    );
    const reached = one['401 PSOF0200'] ?? 0;
    expect(reached).toBeLessThanOrEqual(3);
    expect((one['429 PSOF0910'] ?? 0) + (one['422 PSOF0307'] ?? 0)).toBe(30 - reached);
  });

  it('asks one client that tries many addresses for the captcha after 10 failures', async () => {
    const ip = '10.9.6.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await login(`stuffing-${i}@alpha.example`, WRONG, ip)).statusCode).toBe(401);
    }
    expect((await login('stuffing-x@alpha.example', WRONG, ip)).json()).toMatchObject({ code: 'PSOF0307' });
    expect((await login('stuffing-x@alpha.example', WRONG, ip, true)).statusCode).toBe(401);
    // Another client is not affected.
    expect((await login('stuffing-y@alpha.example', WRONG, '10.9.6.2')).statusCode).toBe(401);
  });

  it('throttles the agency login and the back office’s password step the same way, under their own keys', async () => {
    for (const path of ['agentur/login', 'backoffice/login'] as const) {
      const ip = path === 'agentur/login' ? '10.9.7.1' : '10.9.7.2';
      const statuses: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await tryLogin(app, path, 'jemand@alpha.example', WRONG, { ip });
        statuses.push(`${response.statusCode} ${response.json().code}`);
      }
      expect(statuses).toEqual(['401 PSOF0200', '401 PSOF0200', '401 PSOF0200', '429 PSOF0910']);
    }
    // The recommender login of the same address from the same client is untouched.
    expect((await login('jemand@alpha.example', WRONG, '10.9.7.1')).json()).toEqual(SPEC_WRONG);
  });

  it('tells the recommender after logging in how many logins failed and when, until acknowledged', async () => {
    const ip = '10.9.8.1';
    // Beta's Anna has the same address as alpha's: her failures are not alpha's.
    await tryLogin(app, 'account/login', BETA.anna.email, WRONG, { ip, mandant: 'beta' });
    const betaLogin = await tryLogin(app, 'account/login', BETA.anna.email, BETA.anna.password, {
      ip: '10.9.8.2',
      mandant: 'beta',
    });
    const betaToken = betaLogin.json().Token as string;
    const beta = await app.inject({
      url: '/api/v1/beta/account/anmeldeversuche',
      headers: bearer(betaToken),
    });
    expect(beta.json().Anzahl).toBe(1);

    const before = Date.now();
    await login(ALPHA.ben.email, WRONG, ip);
    await login(ALPHA.ben.email, WRONG, '10.9.8.3');
    const token = (await login(ALPHA.ben.email, ALPHA.ben.password, '10.9.8.4')).json().Token as string;
    const seen = await app.inject({ url: '/api/v1/alpha/account/anmeldeversuche', headers: bearer(token) });
    expect(seen.statusCode).toBe(200);
    const body = seen.json();
    // Ben's failures of the first test were acknowledged by nobody: at least these two.
    expect(body.Anzahl).toBeGreaterThanOrEqual(2);
    expect(Date.parse(body.Zuletzt)).toBeGreaterThanOrEqual(before - 60_000);
    const ack = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/anmeldeversuche/gesehen',
      headers: bearer(token),
    });
    expect(ack.statusCode).toBe(204);
    const after = await app.inject({ url: '/api/v1/alpha/account/anmeldeversuche', headers: bearer(token) });
    expect(after.json()).toEqual({ Anzahl: 0, Zuletzt: null });
    // Without a session: 401.
    expect((await app.inject({ url: '/api/v1/alpha/account/anmeldeversuche' })).statusCode).toBe(401);
  });

  it('stores neither e-mail nor client address', async () => {
    const db = app.database.kysely;
    const failures = await db.selectFrom('login_failure').select(['mandant_id', 'subject_key']).execute();
    expect(failures.length).toBeGreaterThan(0);
    for (const row of failures) {
      expect(row.subject_key).toMatch(
        /^(login|agencyLogin|backofficeLogin):email:(alpha|beta):[A-Za-z0-9_-]{43}$/,
      );
    }
    const keys = (await db.selectFrom('rate_limit').select('key').execute()).map((row) => row.key);
    for (const key of keys) {
      expect(key).not.toContain('@');
      expect(key).not.toContain('10.9.');
    }
  });
});
