import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyTokenResponse } from '../../schemas/account.ts';
import type { AgencySsoStart } from '../../schemas/agencySso.ts';
import { parseDepartmentClaim } from '../../server/agency/sso/departmentClaim.ts';
import type { LocalIdentityProvider } from '../../server/agency/sso/localIdentityProvider.ts';
import {
  readLocalProviderPort,
  startLocalAgencyProvider,
} from '../../server/agency/sso/startLocalProvider.ts';
import { authorize, exchange, exchangeBody, insertAgency, withLocalSso } from './agencySsoHelpers.ts';
import { buildTestApp, copyFixture, databases, TEST_SESSION_SECRET, VALID_MANDANTS } from './helpers.ts';

const OWNER = 'inhaberin@sued.example';
const EMPLOYEE = 'mitarbeiter@sued.example';
const BLOCKED = 'gesperrt@sued.example';
const INACTIVE = 'deaktiviert@sued.example';
/** Known to the provider (extraStaff), not to the platform: a department no agency has. */
const STRANGER = 'fremd@anderswo.example';
/** Known to the provider with the agency's department, not yet to the platform. */
const NEWCOMER = 'neu@sued.example';
/** On the platform in another agency; the provider says the Süd agency. */
const OTHER_AGENCY = 'wechsel@nord.example';

let address = 0;
/** Each exchange from its own client address, so the rate limit counts only where a test means it to. */
const nextClient = () => `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

describe.each(databases)('agency single sign-on on $name', (database) => {
  let app: FastifyInstance;
  let provider: LocalIdentityProvider | undefined;
  let remove: () => Promise<void>;
  let agencyId: string;

  beforeAll(async () => {
    const copy = await copyFixture(VALID_MANDANTS);
    remove = copy.remove;
    await withLocalSso(copy.dir);
    const beta = (await import('node:path')).join(copy.dir, 'beta', 'mandant.json');
    const { readFile, writeFile } = await import('node:fs/promises');
    const betaConfig = JSON.parse(await readFile(beta, 'utf8')) as Record<string, unknown>;
    await writeFile(
      beta,
      JSON.stringify({ ...betaConfig, agencySso: { issuer: 'local', clientId: 'beta-agenturen' } }),
    );
    app = await buildTestApp(database, {
      mandantsDir: copy.dir,
      sessionSecret: TEST_SESSION_SECRET,
      rateLimits: { loginPerIp: { limit: 5, windowSeconds: 900 } },
    });
    agencyId = await insertAgency(
      app,
      'alpha',
      { agenturnummer: 'A-9001', firma: 'Agentur Süd GmbH', ssoDepartment: 'sued' },
      [
        { email: OWNER, name: 'Ines Inhaberin', roles: ['owner'] },
        { email: EMPLOYEE, name: 'Max Mitarbeiter', roles: ['employee'] },
        { email: BLOCKED, name: 'Gerd Gesperrt', roles: ['employee'], status: 'blocked' },
        { email: INACTIVE, name: 'Dora Deaktiviert', roles: ['employee'], status: 'inactive' },
      ],
    );
    await insertAgency(
      app,
      'alpha',
      { agenturnummer: 'A-9002', firma: 'Agentur Nord', ssoDepartment: 'nord' },
      [{ email: OTHER_AGENCY, name: 'Wera Wechsel', roles: ['employee'] }],
    );
    await insertAgency(app, 'beta', { agenturnummer: 'B-1', firma: 'Beta Agentur', ssoDepartment: 'beta' }, [
      { email: 'chefin@beta-agentur.example', name: 'Beta Chefin', roles: ['owner'] },
    ]);
    provider = await startLocalAgencyProvider(app, {
      port: 0,
      extraStaff: (mandantId, login) => {
        if (mandantId !== 'alpha') return undefined;
        if (login === STRANGER)
          return {
            email: login,
            name: 'Fremd',
            department: 'unbekannt:owner',
            checkPassword: async () => true,
          };
        if (login === OTHER_AGENCY)
          return { email: login, name: 'Wera Wechsel', department: 'sued', checkPassword: async () => true };
        if (login === NEWCOMER)
          return { email: login, name: 'Nina Neu', department: 'sued', checkPassword: async () => true };
        return undefined;
      },
    });
  });
  afterAll(async () => {
    await provider?.close();
    await app?.close();
    await remove?.();
  });

  it('tells the browser where to sign in, without a secret', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/agentur/sso?Sprache=en',
      headers: { host: 'alpha.localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<AgencySsoStart>();
    expect(body).toEqual({
      AuthorizationEndpoint: `${provider?.issuer}/auth`,
      ClientId: 'alpha-agenturen',
      Scope: 'openid department az_basic',
      RedirectUri: 'http://alpha.localhost:8080/en/agentur/login',
    });
    expect(response.body).not.toContain(provider?.clientSecret ?? 'no provider');
    // Nor in the public mandant configuration.
    const config = await app.inject({ method: 'GET', url: '/api/v1/mandant/alpha' });
    expect(config.statusCode).toBe(200);
    expect(config.body).not.toContain('agencySso');
  });

  it('answers 204 for a mandant without SSO (PUT: 404 PSOF0610) and 400 for a language it does not offer', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/v1/gamma/agentur/sso' });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const put = await exchange(
      app,
      'gamma',
      { Code: 'x', Verifier: 'v'.repeat(43) },
      { remoteAddress: nextClient() },
    );
    expect(put.statusCode).toBe(404);
    const language = await app.inject({ method: 'GET', url: '/api/v1/alpha/agentur/sso?Sprache=xx' });
    expect(language.statusCode).toBe(400);
  });

  it('signs in an owner through the provider: the agency answer, a working agency token, the subject linked', async () => {
    const authorization = await authorize(app, 'alpha', OWNER);
    const response = await exchange(app, 'alpha', exchangeBody(authorization), {
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<AgencyTokenResponse>();
    expect(body).toMatchObject({
      Email: OWNER,
      Name: 'Ines Inhaberin',
      Roles: ['owner'],
      Agentur: { Agenturnummer: 'A-9001', Firma: 'Agentur Süd GmbH' },
    });
    expect(body.Abilities.length).toBeGreaterThan(0);
    expect(decodeJwt(body.Token)).toMatchObject({ mnd: 'alpha', kind: 'agency' });
    const check = await app.inject({
      method: 'GET',
      url: `/api/v1/alpha/token/verifyAgenturToken?t=${encodeURIComponent(body.Token)}`,
    });
    expect(check.statusCode).toBe(200);
    const row = await app.database.kysely
      .selectFrom('agency_user')
      .select(['sso_subject', 'agency_id'])
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', OWNER)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sso_subject: OWNER, agency_id: agencyId });
  });

  it('signs in an employee with the employee role and its abilities only', async () => {
    const authorization = await authorize(app, 'alpha', EMPLOYEE);
    const response = await exchange(app, 'alpha', exchangeBody(authorization), {
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<AgencyTokenResponse>();
    expect(body.Roles).toEqual(['employee']);
    expect(body.Email).toBe(EMPLOYEE);
    const owner = await authorize(app, 'alpha', OWNER);
    const ownerBody = (
      await exchange(app, 'alpha', exchangeBody(owner), { remoteAddress: nextClient() })
    ).json<AgencyTokenResponse>();
    expect(ownerBody.Abilities).toEqual(expect.arrayContaining(body.Abilities));
    expect(ownerBody.Abilities.length).toBeGreaterThan(body.Abilities.length);
  });

  it('creates a user the platform does not know yet in the agency of the claim', async () => {
    const authorization = await authorize(app, 'alpha', NEWCOMER);
    const response = await exchange(app, 'alpha', exchangeBody(authorization), {
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AgencyTokenResponse>()).toMatchObject({
      Email: NEWCOMER,
      Name: 'Nina Neu',
      Roles: ['employee'],
    });
    const row = await app.database.kysely
      .selectFrom('agency_user')
      .select(['sso_subject', 'agency_id', 'status'])
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', NEWCOMER)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sso_subject: NEWCOMER, agency_id: agencyId, status: 'active' });
  });

  it('the local provider signs in only with the staff member’s password', async () => {
    await expect(authorize(app, 'alpha', EMPLOYEE, { password: 'falsch-falsch-1' })).rejects.toThrow(
      'the provider refused the password',
    );
    await expect(authorize(app, 'alpha', 'niemand@sued.example')).rejects.toThrow(
      'the provider refused the password',
    );
  });

  it('refuses a forged code with 401 PSOF0611 and no token', async () => {
    const authorization = await authorize(app, 'alpha', EMPLOYEE);
    const response = await exchange(
      app,
      'alpha',
      { ...exchangeBody(authorization), Code: 'forged-code-that-the-provider-never-issued' },
      { remoteAddress: nextClient() },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PSOF0611' });
    expect(response.body).not.toContain('Token');
  });

  it('refuses a wrong verifier, and the code does not work a second time', async () => {
    const authorization = await authorize(app, 'alpha', EMPLOYEE);
    const wrong = await exchange(
      app,
      'alpha',
      { ...exchangeBody(authorization), Verifier: 'w'.repeat(64) },
      { remoteAddress: nextClient() },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'PSOF0611' });

    const fresh = await authorize(app, 'alpha', EMPLOYEE);
    expect(
      (await exchange(app, 'alpha', exchangeBody(fresh), { remoteAddress: nextClient() })).statusCode,
    ).toBe(200);
    const replay = await exchange(app, 'alpha', exchangeBody(fresh), { remoteAddress: nextClient() });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'PSOF0611' });
  });

  it('refuses a redirect that names another issuer, and a redirect URI other than the one the code was issued for', async () => {
    const authorization = await authorize(app, 'alpha', EMPLOYEE);
    const foreignIssuer = await exchange(
      app,
      'alpha',
      { ...exchangeBody(authorization), Iss: 'https://evil.example' },
      { remoteAddress: nextClient() },
    );
    expect(foreignIssuer.statusCode).toBe(401);
    const other = await authorize(app, 'alpha', EMPLOYEE);
    const otherHost = await exchange(app, 'alpha', exchangeBody(other), {
      host: 'localhost:8080',
      remoteAddress: nextClient(),
    });
    expect(otherHost.statusCode).toBe(401);
    expect(otherHost.json()).toMatchObject({ code: 'PSOF0611' });
  });

  it('refuses a code another mandant’s client got (foreign code)', async () => {
    const authorization = await authorize(app, 'beta', 'chefin@beta-agentur.example', {
      host: 'alpha.localhost:8080',
    });
    const response = await exchange(app, 'alpha', exchangeBody(authorization), {
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PSOF0611' });
  });

  it('refuses a department no agency of the mandant has with 401 PSOF0612, creating nobody', async () => {
    const authorization = await authorize(app, 'alpha', STRANGER);
    const response = await exchange(app, 'alpha', exchangeBody(authorization), {
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'PSOF0612' });
    const row = await app.database.kysely
      .selectFrom('agency_user')
      .select('id')
      .where('email', '=', STRANGER)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a user whom the platform knows in another agency (409 PSOF0615), leaving the user as it was', async () => {
    const response = await exchange(app, 'alpha', exchangeBody(await authorize(app, 'alpha', OTHER_AGENCY)), {
      remoteAddress: nextClient(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PSOF0615' });
    const row = await app.database.kysely
      .selectFrom('agency_user')
      .innerJoin('agency', 'agency.id', 'agency_user.agency_id')
      .select(['agency.sso_department', 'agency_user.sso_subject'])
      .where('agency_user.email', '=', OTHER_AGENCY)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sso_department: 'nord', sso_subject: null });
  });

  it('refuses a blocked user (403 PSOF0203) and a deactivated one (403 PSOF0613) without a token', async () => {
    const blocked = await exchange(app, 'alpha', exchangeBody(await authorize(app, 'alpha', BLOCKED)), {
      remoteAddress: nextClient(),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'PSOF0203' });
    expect(blocked.body).not.toContain('Token');
    const inactive = await exchange(app, 'alpha', exchangeBody(await authorize(app, 'alpha', INACTIVE)), {
      remoteAddress: nextClient(),
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ code: 'PSOF0613' });
  });

  it('limits the exchanges per client (429 PSOF0016 with Retry-After)', async () => {
    const client = nextClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await exchange(
        app,
        'alpha',
        { Code: `forged-${attempt}`, Verifier: 'v'.repeat(43) },
        {
          remoteAddress: client,
        },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ code: 'PSOF0016' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe.each(databases)('an identity provider the platform cannot use, on $name', (database) => {
  let app: FastifyInstance;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const copy = await copyFixture(VALID_MANDANTS);
    remove = copy.remove;
    const { readFile, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    for (const [mandant, agencySso] of [
      [
        'alpha',
        { issuer: 'https://login.alpha.invalid', clientId: 'alpha', clientSecretEnv: 'ALPHA_SSO_SECRET' },
      ],
      [
        'beta',
        { issuer: 'https://login.beta.invalid', clientId: 'beta', clientSecretEnv: 'BETA_SSO_SECRET' },
      ],
    ] as const) {
      const file = join(copy.dir, mandant, 'mandant.json');
      const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...config, agencySso }));
    }
    app = await buildTestApp(database, { mandantsDir: copy.dir, env: { BETA_SSO_SECRET: 'beta-secret' } });
  });
  afterAll(async () => {
    await app?.close();
    await remove?.();
  });

  it('answers 503 PSOF0614 when the secret variable is not set or the provider cannot be reached', async () => {
    for (const mandant of ['alpha', 'beta']) {
      const start = await app.inject({ method: 'GET', url: `/api/v1/${mandant}/agentur/sso` });
      expect(start.statusCode).toBe(503);
      expect(start.json()).toMatchObject({ code: 'PSOF0614' });
      const put = await exchange(
        app,
        mandant,
        { Code: 'code', Verifier: 'v'.repeat(43) },
        { remoteAddress: nextClient() },
      );
      expect(put.statusCode).toBe(503);
      expect(put.body).not.toContain('secret');
    }
  });
});

describe('OIDC_LOCAL_PORT', () => {
  it('defaults to 4010, or any free port when the platform takes any, and refuses what is no port', () => {
    expect(readLocalProviderPort({}, 8080)).toBe(4010);
    expect(readLocalProviderPort({}, 0)).toBe(0);
    expect(readLocalProviderPort({ OIDC_LOCAL_PORT: '4711' }, 8080)).toBe(4711);
    expect(() => readLocalProviderPort({ OIDC_LOCAL_PORT: 'vierzig' }, 8080)).toThrow(
      'OIDC_LOCAL_PORT must be a port number',
    );
    expect(() => readLocalProviderPort({ OIDC_LOCAL_PORT: '70000' }, 8080)).toThrow();
  });
});

describe('the department claim', () => {
  it('names the agency and optionally the role', () => {
    expect(parseDepartmentClaim('nordlicht')).toEqual({ ssoDepartment: 'nordlicht', role: 'employee' });
    expect(parseDepartmentClaim('nordlicht:owner')).toEqual({ ssoDepartment: 'nordlicht', role: 'owner' });
    expect(parseDepartmentClaim('nordlicht:inactiveOwner')).toEqual({
      ssoDepartment: 'nordlicht',
      role: 'inactiveOwner',
    });
    expect(parseDepartmentClaim(['x:admin', 'nordlicht:employee'])).toEqual({
      ssoDepartment: 'nordlicht',
      role: 'employee',
    });
  });

  it('gives nothing for other values', () => {
    for (const value of [
      undefined,
      null,
      42,
      '',
      'nordlicht:placeholder',
      'nordlicht:admin',
      'a b',
      ['x:y'],
    ]) {
      expect(parseDepartmentClaim(value)).toBeUndefined();
    }
  });
});
