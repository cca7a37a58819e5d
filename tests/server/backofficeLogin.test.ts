import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeLoginStep, BackofficeTokenResponse } from '../../schemas/backoffice.ts';
import {
  BACKOFFICE_PASSWORD,
  insertBackofficeUser,
  TEST_TOTP_SECRET,
  totpCode,
} from './backofficeHelpers.ts';
import { ALPHA, bearer, buildTestApp, databases, loginToken, TEST_SESSION_SECRET } from './helpers.ts';

let address = 0;
const nextClient = () => `10.7.0.${++address}`;

function step1(app: FastifyInstance, email: string, password = BACKOFFICE_PASSWORD, mandant = 'alpha') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/backoffice/login`,
    payload: { Email: email, Password: password },
    remoteAddress: nextClient(),
  });
}

function step2(app: FastifyInstance, challenge: string, code: string, mandant = 'alpha') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/${mandant}/backoffice/login/totp`,
    payload: { Challenge: challenge, Code: code },
  });
}

describe.each(databases)('back-office sign-in on $name', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database, { sessionSecret: TEST_SESSION_SECRET });
    await insertBackofficeUser(app, 'alpha', {
      email: 'operator@alpha.example',
      name: 'Olga',
      roles: ['operator'],
    });
    await insertBackofficeUser(app, 'alpha', { email: 'replay@alpha.example', roles: ['viewer'] });
    await insertBackofficeUser(app, 'alpha', {
      email: 'neu@alpha.example',
      roles: ['finance'],
      totpSecret: null,
    });
    await insertBackofficeUser(app, 'alpha', {
      email: 'aus@alpha.example',
      roles: ['admin'],
      status: 'inactive',
    });
    await insertBackofficeUser(app, 'alpha', { email: 'raten@alpha.example', roles: ['viewer'] });
  });
  afterAll(() => app?.close());

  it('password, then the TOTP code: a back-office token with roles and abilities, and an audit entry', async () => {
    const first = await step1(app, 'Operator@Alpha.example');
    expect(first.statusCode).toBe(200);
    const challenge = first.json<BackofficeLoginStep>();
    expect(challenge.Schritt).toBe('totp');
    expect(challenge.Geheimnis).toBeUndefined();
    const second = await step2(app, challenge.Challenge, await totpCode());
    expect(second.statusCode).toBe(200);
    const body = second.json<BackofficeTokenResponse>();
    expect(body).toMatchObject({
      Email: 'operator@alpha.example',
      Name: 'Olga',
      Rollen: ['operator'],
      Faehigkeiten: ['reports', 'orders', 'review', 'support', 'agencies', 'profiSellers', 'profiBlock'],
    });
    expect(decodeJwt(body.Token)).toMatchObject({ kind: 'backoffice', mnd: 'alpha' });
    const session = await app.inject({
      url: '/api/v1/alpha/backoffice/sitzung',
      headers: bearer(body.Token),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ Email: 'operator@alpha.example', Rollen: ['operator'] });
    const audit = await app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('mandant_id', '=', 'alpha')
      .where('actor_email', '=', 'operator@alpha.example')
      .execute();
    expect(audit).toEqual([{ action: 'login.succeeded', actor_email: 'operator@alpha.example' }]);
    // The challenge works once.
    expect((await step2(app, challenge.Challenge, await totpCode())).json().code).toBe('PSOF0702');
  });

  it('refuses a wrong password (PSOF0200) and a wrong code (PSOF0701); five wrong codes end the challenge', async () => {
    expect((await step1(app, 'operator@alpha.example', 'Falsch-123')).json().code).toBe('PSOF0200');
    expect((await step1(app, 'niemand@alpha.example')).json().code).toBe('PSOF0200');
    const { Challenge } = (await step1(app, 'raten@alpha.example')).json<BackofficeLoginStep>();
    const current = await totpCode();
    const wrong = current === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await step2(app, Challenge, wrong);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('PSOF0701');
    }
    expect((await step2(app, Challenge, current)).json().code).toBe('PSOF0702');
  });

  it('never accepts the same code twice (RFC 6238 replay)', async () => {
    const code = await totpCode();
    const first = (await step1(app, 'replay@alpha.example')).json<BackofficeLoginStep>();
    expect((await step2(app, first.Challenge, code)).statusCode).toBe(200);
    const second = (await step1(app, 'replay@alpha.example')).json<BackofficeLoginStep>();
    expect((await step2(app, second.Challenge, code)).json().code).toBe('PSOF0701');
  });

  it('sets up TOTP at the first sign-in: the secret once, confirmed by the first code', async () => {
    const first = (await step1(app, 'neu@alpha.example')).json<BackofficeLoginStep>();
    expect(first.Schritt).toBe('totpEinrichten');
    expect(first.Geheimnis).toMatch(/^[A-Z2-7]{16,}$/);
    expect(first.OtpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(first.Geheimnis).not.toBe(TEST_TOTP_SECRET);
    const secret = first.Geheimnis ?? '';
    expect((await step2(app, first.Challenge, await totpCode(secret))).statusCode).toBe(200);
    const again = (await step1(app, 'neu@alpha.example')).json<BackofficeLoginStep>();
    expect(again).toEqual({ Schritt: 'totp', Challenge: expect.any(String) });
  });

  it('refuses a deactivated user after the password (PSOF0703)', async () => {
    const response = await step1(app, 'aus@alpha.example');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PSOF0703');
  });

  it('keeps the kinds apart: a recommender token is 403 on back-office routes, a back-office token on theirs', async () => {
    const recommender = await loginToken(app, 'alpha', ALPHA.anna);
    const asRecommender = await app.inject({
      url: '/api/v1/alpha/backoffice/sitzung',
      headers: bearer(recommender),
    });
    expect(asRecommender.json().code).toBe('PSOF0202');
    const { Challenge } = (await step1(app, 'raten@alpha.example')).json<BackofficeLoginStep>();
    // raten@ lost its earlier challenge; a new one works.
    const token = (await step2(app, Challenge, await totpCode())).json<BackofficeTokenResponse>().Token;
    const onUserRoute = await app.inject({ url: '/api/v1/alpha/account/user', headers: bearer(token) });
    expect(onUserRoute.statusCode).toBe(403);
    const otherMandant = await app.inject({ url: '/api/v1/beta/backoffice/sitzung', headers: bearer(token) });
    expect(otherMandant.json().code).toBe('PSOF0204');
    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/backoffice/abmelden',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(204);
    const after = await app.inject({ url: '/api/v1/alpha/backoffice/sitzung', headers: bearer(token) });
    expect(after.json().code).toBe('PSOF0204');
  });
});
