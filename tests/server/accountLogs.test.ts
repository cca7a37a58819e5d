import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../schemas/account.ts';
import { DEFAULT_LOGIN_THROTTLE } from '../../server/rateLimit/loginThrottleSettings.ts';
import { ALPHA, BETA, bearer, buildTestApp, databases, login } from './helpers.ts';

/** Everything in the demo fixtures that names or identifies a person, or opens a session. */
const PERSONAL = [
  ...[ALPHA.anna, ALPHA.ben, ALPHA.blocked, ALPHA.suspended, ALPHA.excluded, BETA.anna].map((a) => a.email),
  ALPHA.agency.email,
  BETA.agency.email,
  'Anna.Alpha@Alpha.example',
  'Alphaweg',
  'Brückner',
  'Betastedt',
  'Passwort123',
  'BetaPasswort1',
  'Falsch123',
  'niemand@alpha.example',
];

describe.each(databases)('account logs on $name', (database) => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const secrets: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(database, {
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
      // the login throttle's delay after two failures (ADR 0024)
      rateLimits: {
        loginThrottle: {
          ...DEFAULT_LOGIN_THROTTLE,
          accountAndSource: { ttlSeconds: 600, delayAfter: 2, baseDelaySeconds: 60 },
        },
      },
    });
  });
  afterAll(() => app?.close());

  it('hold no e-mail address, name, password or token, whatever happens', async () => {
    const annaLogin = await login(app, 'alpha', ALPHA.anna);
    const token = annaLogin.json<LoginResponse>().Token;
    secrets.push(token);
    await login(app, 'alpha', { email: ALPHA.ben.email, password: 'Falsch123' });
    await login(app, 'alpha', { email: 'niemand@alpha.example', password: 'Falsch123' });
    await login(app, 'alpha', ALPHA.blocked);
    // delayed by the login throttle
    await login(app, 'alpha', { email: ALPHA.ben.email, password: 'Falsch123' });
    await login(app, 'alpha', { email: ALPHA.ben.email, password: 'Falsch123' });
    await login(app, 'beta', BETA.anna);
    await app.inject({ url: '/api/v1/alpha/account/user', headers: bearer(token) });
    await app.inject({
      url: '/api/v1/alpha/account/user',
      headers: { 'x-authorization': `Bearer ${token}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/account/updateLanguage',
      headers: bearer(token),
      payload: { Language: 'fr' },
    });
    const loginToken = await app.issueLoginToken('alpha', ALPHA.anna.email);
    secrets.push(loginToken);
    await app.inject({ url: `/api/v1/alpha/account/login/?token=${loginToken}` });
    await app.inject({ url: `/api/v1/alpha/account/login/?token=${loginToken}` });
    const agencyToken = await app.issueAgencyToken('alpha', ALPHA.agency.email);
    secrets.push(agencyToken);
    await app.inject({ url: `/api/v1/alpha/token/verifyAgenturToken?t=${agencyToken}` });
    await app.inject({ method: 'POST', url: '/api/v1/alpha/account/logout', headers: bearer(token) });
    await app.inject({ url: '/api/v1/alpha/account/user', headers: bearer(token) });

    const log = lines.join('');
    // The log was captured and covers what happened (else the checks below would prove nothing).
    for (const message of [
      'demo accounts ready',
      'logged in',
      'login refused: wrong e-mail or password',
      'login throttled',
      'logged in with a login token',
      'logged out',
    ]) {
      expect(log).toContain(message);
    }
    for (const value of [...PERSONAL, ...secrets]) {
      expect(log.toLowerCase(), value).not.toContain(value.toLowerCase());
    }
    // Parts of a token would be enough to replay it: none of its three segments appears.
    for (const segment of secrets.flatMap((secret) => secret.split('.'))) {
      expect(log).not.toContain(segment);
    }
  });
});
