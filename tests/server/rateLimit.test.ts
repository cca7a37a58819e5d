import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_THROTTLE } from '../../server/rateLimit/loginThrottleSettings.ts';
import { postgresRateLimiter } from '../../server/rateLimit/postgresRateLimiter.ts';
import type { RateLimitSettings } from '../../server/rateLimit/RateLimiter.ts';
import { ALPHA, BETA, buildTestApp, databases, login, testDatabaseOptions } from './helpers.ts';
import { tryLogin } from './loginThrottleSupport.ts';

/** Low limits so a test reaches them in a few requests. */
const LIMITS: RateLimitSettings = {
  loginPerIp: { limit: 5, windowSeconds: 600 },
  tokenLoginPerIp: { limit: 2, windowSeconds: 600 },
  loginThrottle: DEFAULT_LOGIN_THROTTLE,
};
const WRONG = 'Falsch123';

describe.each(databases)('rate limits on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { rateLimits: LIMITS });
  });
  afterAll(() => app?.close());

  // Each test uses its own client addresses, so their per-address counters do not meet.
  const attempt = (ip: string, email: string, password = WRONG, mandant = 'alpha') =>
    login(app, mandant, { email, password }, ip);

  // The e-mail itself has no budget any more (issue 17, ADR 0024): tests/server/loginThrottle.test.ts.
  it('never refuses the right password because others failed for the e-mail: it asks for the captcha', async () => {
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
      expect((await attempt(ip, ALPHA.ben.email)).statusCode).toBe(401);
    }
    const asked = await attempt('10.0.1.4', ALPHA.ben.email, ALPHA.ben.password);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({ code: 'PSOF0307' });
    const solved = await tryLogin(app, 'account/login', ALPHA.ben.email, ALPHA.ben.password, {
      ip: '10.0.1.4',
      captcha: true,
    });
    expect(solved.statusCode).toBe(200);
    // The same e-mail in another mandant is another account with its own count.
    expect((await attempt('10.0.1.5', BETA.anna.email, BETA.anna.password, 'beta')).statusCode).toBe(200);
  });

  it('counts e-mails case-insensitively', async () => {
    for (const email of [
      'Ausgeschlossen@alpha.example',
      'AUSGESCHLOSSEN@ALPHA.EXAMPLE',
      ALPHA.excluded.email,
    ]) {
      expect((await attempt('10.0.2.1', email)).statusCode).toBe(401);
    }
    const refused = await attempt('10.0.2.1', ' ausgeschlossen@Alpha.Example');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'PSOF0910' });
  });

  it('refuses a client address after its limit, whatever e-mail it tries next', async () => {
    for (let i = 1; i <= 5; i += 1) {
      expect((await attempt('10.0.3.1', `person${i}@alpha.example`)).statusCode).toBe(401);
    }
    expect((await attempt('10.0.3.1', ALPHA.anna.email, ALPHA.anna.password)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await attempt('10.0.3.2', ALPHA.anna.email, ALPHA.anna.password)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (let i = 1; i <= 5; i += 1) {
      expect((await attempt(`2001:db8:7:7::${i}`, `v6-${i}@alpha.example`)).statusCode).toBe(401);
    }
    expect((await attempt('2001:db8:7:7::99', 'v6-x@alpha.example')).statusCode).toBe(429);
  });

  it('does not reset the address counter on a successful login', async () => {
    for (let i = 1; i <= 4; i += 1) {
      expect((await attempt('10.0.4.1', `other${i}@alpha.example`)).statusCode).toBe(401);
    }
    expect((await attempt('10.0.4.1', ALPHA.anna.email, ALPHA.anna.password)).statusCode).toBe(200);
    expect((await attempt('10.0.4.1', ALPHA.anna.email, ALPHA.anna.password)).statusCode).toBe(429);
  });

  it('forgets the e-mail’s failures after the right password', async () => {
    const email = ALPHA.suspended.email;
    expect((await attempt('10.0.5.1', email)).statusCode).toBe(401);
    expect((await attempt('10.0.5.2', email)).statusCode).toBe(401);
    // suspended: the right password is accepted as proof (403), but that is not a login
    expect((await attempt('10.0.5.3', email, ALPHA.suspended.password)).statusCode).toBe(403);
    // three more failures before the captcha is asked for again
    for (const ip of ['10.0.5.4', '10.0.5.5', '10.0.5.6'])
      expect((await attempt(ip, email)).statusCode).toBe(401);
    expect((await attempt('10.0.5.7', email)).json()).toMatchObject({ code: 'PSOF0307' });
  });

  it('limits admin logins with a token per client address', async () => {
    const adminLogin = (token: string) =>
      app.inject({ url: `/api/v1/alpha/account/login/?token=${token}`, remoteAddress: '10.0.7.1' });
    expect((await adminLogin('guess-1')).statusCode).toBe(410);
    expect((await adminLogin('guess-2')).statusCode).toBe(410);
    const token = await app.issueLoginToken('alpha', ALPHA.anna.email);
    const refused = await adminLogin(token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // refused before the token was looked at: it still works from elsewhere
    const elsewhere = await app.inject({
      url: `/api/v1/alpha/account/login/?token=${token}`,
      remoteAddress: '10.0.7.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('stores neither the address nor the e-mail', async () => {
    const rows = await app.database.kysely.selectFrom('rate_limit').select('key').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(
        /^(login|tokenLogin|loginFailures):(ip|email|email\+ip):(alpha|beta):[A-Za-z0-9_-]{43}(:slot:\d+)?$/,
      );
    }
  });

  it('starts a new window when the old one ends', async () => {
    const rule = { limit: 1, windowSeconds: 1 };
    const key = 'test:window';
    // Windows are aligned to whole seconds: within three hits one lands second in its window.
    let refused: Awaited<ReturnType<typeof app.rateLimiter.hit>> | undefined;
    for (let i = 0; i < 3 && !refused; i += 1) {
      const result = await app.rateLimiter.hit(key, rule);
      if (!result.allowed) refused = result;
    }
    expect(refused).toEqual({ allowed: false, count: 2, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await app.rateLimiter.hit(key, rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('purges windows that have ended', async () => {
    const db = app.database.kysely;
    const past = new Date(Date.now() - 3_600_000);
    await db
      .insertInto('rate_limit')
      .values({ key: 'test:old', window_start: past, count: 9, expires_at: past })
      .execute();
    // A fresh limiter purges on its first hit (then at most every ten minutes).
    await postgresRateLimiter(db).hit('test:new', { limit: 1, windowSeconds: 60 });
    const keys = (await db.selectFrom('rate_limit').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('test:new');
    expect(keys).not.toContain('test:old');
  });

  // Two instances over one database need a server: PGlite is one process's database.
  if (database.url) {
    it('counts attempts of every instance over the same database together', async () => {
      const shared = await testDatabaseOptions(database);
      try {
        const options = { rateLimits: LIMITS, schema: shared.options.schema };
        const [one, two] = await Promise.all([
          buildTestApp(database, options),
          buildTestApp(database, options),
        ]);
        try {
          const email = ALPHA.ben.email;
          expect((await login(one, 'alpha', { email, password: WRONG }, '10.0.8.1')).statusCode).toBe(401);
          expect((await login(two, 'alpha', { email, password: WRONG }, '10.0.8.2')).statusCode).toBe(401);
          expect((await login(one, 'alpha', { email, password: WRONG }, '10.0.8.3')).statusCode).toBe(401);
          // the fourth, on the other instance, is asked for the captcha: both counted the e-mail's failures
          const fourth = await login(two, 'alpha', { email, password: WRONG }, '10.0.8.4');
          expect(fourth.json()).toMatchObject({ code: 'PSOF0307' });
        } finally {
          await Promise.all([one.close(), two.close()]);
        }
      } finally {
        await shared.cleanup();
      }
    });
  }
});
