import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTokenResponse } from '../../schemas/account.ts';
import { insertAgency } from './agencySsoHelpers.ts';
import { buildTestApp, databases, TEST_SESSION_SECRET } from './helpers.ts';
import { tryLogin } from './loginThrottleSupport.ts';

const PASSWORD = 'Agentur-Passwort-1';
const OWNER = 'inhaber@west-agentur.example';
const EMPLOYEE = 'mitarbeiterin@west-agentur.example';
const BLOCKED = 'gesperrt@west-agentur.example';
const INACTIVE = 'deaktiviert@west-agentur.example';
const NO_PASSWORD = 'ohne-passwort@west-agentur.example';
const LIMITED = 'begrenzt@west-agentur.example';

let address = 0;
const nextClient = () => `10.1.0.${++address}`;

function agencyLogin(app: FastifyInstance, email: string, password: string, remoteAddress = nextClient()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/alpha/agentur/login',
    payload: { Email: email, Password: password },
    remoteAddress,
  });
}

describe.each(databases)('POST agentur/login on $name', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database, {
      sessionSecret: TEST_SESSION_SECRET,
      rateLimits: { loginPerIp: { limit: 4, windowSeconds: 900 } },
    });
    await insertAgency(
      app,
      'alpha',
      { agenturnummer: 'A-7001', firma: 'Agentur West KG', ssoDepartment: null },
      [
        { email: OWNER, name: 'Otto Inhaber', roles: ['owner'], password: PASSWORD },
        { email: EMPLOYEE, name: 'Erika Mitarbeiterin', roles: ['employee'], password: PASSWORD },
        { email: BLOCKED, name: 'Gesperrt', roles: ['employee'], status: 'blocked', password: PASSWORD },
        { email: INACTIVE, name: 'Deaktiviert', roles: ['employee'], status: 'inactive', password: PASSWORD },
        { email: NO_PASSWORD, name: 'Ohne Passwort', roles: ['employee'], password: null },
        { email: LIMITED, name: 'Begrenzt', roles: ['employee'], password: PASSWORD },
      ],
    );
  });
  afterAll(() => app?.close());

  it('signs in an owner with e-mail and password: the agency answer and an agency token', async () => {
    const response = await agencyLogin(app, OWNER, PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<AgencyTokenResponse>();
    expect(body).toMatchObject({
      Email: OWNER,
      Name: 'Otto Inhaber',
      Roles: ['owner'],
      Agentur: { Agenturnummer: 'A-7001', Firma: 'Agentur West KG' },
    });
    expect(decodeJwt(body.Token)).toMatchObject({ mnd: 'alpha', kind: 'agency' });
    const check = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/token/verifyAgenturToken?t=${encodeURIComponent(body.Token)}`,
    });
    expect(check.statusCode).toBe(200);
    // An agency token is no recommender session.
    const user = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/account/user',
      headers: { authorization: `Bearer ${body.Token}` },
    });
    expect(user.statusCode).toBe(403);
  });

  it('compares the e-mail case-insensitively and gives an employee the employee role', async () => {
    const response = await agencyLogin(app, `  ${EMPLOYEE.toUpperCase()} `, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json<AgencyTokenResponse>()).toMatchObject({ Email: EMPLOYEE, Roles: ['employee'] });
  });

  it('answers a wrong password, an unknown e-mail and a user without password alike: 401 PSOF0200', async () => {
    for (const [email, password] of [
      [OWNER, 'falsch-falsch-1'],
      ['niemand@west-agentur.example', PASSWORD],
      [NO_PASSWORD, PASSWORD],
    ] as const) {
      const response = await agencyLogin(app, email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'PSOF0200',
        message: 'E-Mail-Adresse oder Passwort ist falsch.',
      });
    }
  });

  it('does not sign in a recommender’s account (another table, another kind of session)', async () => {
    const response = await agencyLogin(app, 'anna.alpha@alpha.example', 'Passwort123');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PSOF0200' });
  });

  it('refuses a blocked user with 403 PSOF0203 and a deactivated one with 403 PSOF0613, without a token', async () => {
    const blocked = await agencyLogin(app, BLOCKED, PASSWORD);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'PSOF0203' });
    const inactive = await agencyLogin(app, INACTIVE, PASSWORD);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ code: 'PSOF0613' });
    expect(inactive.body).not.toContain('Token');
    // The status is told only to whoever knows the password.
    const guessing = await agencyLogin(app, BLOCKED, 'falsch-falsch-1');
    expect(guessing.statusCode).toBe(401);
  });

  it('asks for the captcha after three failures of the e-mail from anywhere, and takes the right password with it (ADR 0024)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await agencyLogin(app, LIMITED, 'falsch-falsch-1', nextClient())).statusCode);
    }
    const asked = await agencyLogin(app, LIMITED, PASSWORD, nextClient());
    statuses.push(asked.statusCode);
    expect(statuses).toEqual([401, 401, 401, 422]);
    expect(asked.json()).toMatchObject({ code: 'PSOF0307' });
    const solved = await tryLogin(app, 'agentur/login', LIMITED, PASSWORD, {
      ip: nextClient(),
      captcha: true,
    });
    expect(solved.statusCode).toBe(200);
  });

  it('limits attempts per client address across e-mails', async () => {
    const client = nextClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push(
        (await agencyLogin(app, `person${attempt}@west-agentur.example`, 'falsch-falsch-1', client))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('refuses a body that is not the login form with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/agentur/login',
      payload: { Email: OWNER },
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(400);
  });
});
