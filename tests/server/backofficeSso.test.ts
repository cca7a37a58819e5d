import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeTokenResponse, BackofficeUserResponse } from '../../schemas/backoffice.ts';
import type { BackofficeSsoStart } from '../../schemas/backofficeSso.ts';
import type { LocalIdentityProvider } from '../../server/agency/sso/localIdentityProvider.ts';
import { startLocalAgencyProvider } from '../../server/agency/sso/startLocalProvider.ts';
import { parseBackofficeRolesClaim } from '../../server/backoffice/sso/ssoBackofficeUser.ts';
import { type Authorization, authorize, exchangeBody } from './agencySsoHelpers.ts';
import { BACKOFFICE_PASSWORD, insertBackofficeUser } from './backofficeHelpers.ts';
import { buildTestApp, copyFixture, databases, TEST_SESSION_SECRET, VALID_MANDANTS } from './helpers.ts';

/** On the platform with a password (the local provider knows them); roles at the provider = stored roles. */
const OPERATOR = 'service@alpha.example';
const INACTIVE = 'ehemalig@alpha.example';
/** Known to the provider only (extraStaff): created at the first sign-in with the claim's roles. */
const NEWCOMER = 'neu@alpha.example';
/** Known to the provider with a role the platform does not know. */
const NO_ROLE = 'ohne-rolle@alpha.example';
/** On the platform as viewer by e-mail; the provider says finance (source of truth). */
const PROMOTED = 'finanzen@alpha.example';

let address = 0;
const nextClient = () => `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

function redeem(app: FastifyInstance, mandant: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/${mandant}/backoffice/sso`,
    headers: { host: `${mandant}.localhost:8080` },
    remoteAddress: nextClient(),
    payload: body,
  });
}

const signIn = (app: FastifyInstance, login: string): Promise<Authorization> =>
  authorize(app, 'alpha', login, { path: 'backoffice/sso', password: BACKOFFICE_PASSWORD });

describe('the backoffice_roles claim', () => {
  it('reads an array or a space-separated string, known roles only', () => {
    expect(parseBackofficeRolesClaim(['finance', 'viewer', 'finance'])).toEqual(['viewer', 'finance']);
    expect(parseBackofficeRolesClaim('admin operator boss')).toEqual(['operator', 'admin']);
    expect(parseBackofficeRolesClaim('boss')).toEqual([]);
    expect(parseBackofficeRolesClaim(undefined)).toEqual([]);
    expect(parseBackofficeRolesClaim(42)).toEqual([]);
  });
});

describe.each(databases)('back-office single sign-on on $name', (database) => {
  let app: FastifyInstance;
  let provider: LocalIdentityProvider | undefined;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const copy = await copyFixture(VALID_MANDANTS);
    remove = copy.remove;
    const file = path.join(copy.dir, 'alpha', 'mandant.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(
      file,
      JSON.stringify({ ...config, backofficeSso: { issuer: 'local', clientId: 'alpha-backoffice' } }),
    );
    app = await buildTestApp(database, { mandantsDir: copy.dir, sessionSecret: TEST_SESSION_SECRET });
    await insertBackofficeUser(app, 'alpha', { email: OPERATOR, name: 'Otto Service', roles: ['operator'] });
    await insertBackofficeUser(app, 'alpha', { email: INACTIVE, roles: ['admin'], status: 'inactive' });
    await insertBackofficeUser(app, 'alpha', { email: PROMOTED, roles: ['viewer'], password: null });
    provider = await startLocalAgencyProvider(app, {
      port: 0,
      extraStaff: (mandantId, login, area) => {
        if (mandantId !== 'alpha' || area !== 'backoffice') return undefined;
        const known = { checkPassword: async () => true };
        if (login === NEWCOMER)
          return { ...known, email: login, name: 'Nina Neu', backofficeRoles: ['finance', 'viewer'] };
        if (login === NO_ROLE)
          return { ...known, email: login, name: 'Ohne Rolle', backofficeRoles: ['boss'] };
        if (login === PROMOTED)
          return { ...known, email: login, name: 'Fiona Finanzen', backofficeRoles: ['finance'] };
        return undefined;
      },
    });
  });
  afterAll(async () => {
    await provider?.close();
    await app?.close();
    await remove?.();
  });

  it('tells the browser where to sign in (its own client and scope), 204 without back-office SSO', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/backoffice/sso?Sprache=en',
      headers: { host: 'alpha.localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BackofficeSsoStart>()).toEqual({
      AuthorizationEndpoint: `${provider?.issuer}/auth`,
      ClientId: 'alpha-backoffice',
      Scope: 'openid backoffice_roles az_basic',
      RedirectUri: 'http://alpha.localhost:8080/en/backoffice/sso',
    });
    expect(response.body).not.toContain(provider?.clientSecret ?? 'no provider');
    const config = await app.inject({ method: 'GET', url: '/api/v1/mandant/alpha' });
    expect(config.body).not.toContain('backofficeSso');

    const none = await app.inject({ method: 'GET', url: '/api/v1/gamma/backoffice/sso' });
    expect(none.statusCode).toBe(204);
    const put = await redeem(app, 'gamma', { Code: 'x', Verifier: 'v'.repeat(43) });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'PSOF0840' });
  });

  it('signs in a known user by e-mail: subject linked, no TOTP, the token works on backoffice/sitzung, audited', async () => {
    const response = await redeem(app, 'alpha', exchangeBody(await signIn(app, OPERATOR)));
    expect(response.statusCode).toBe(200);
    const body = response.json<BackofficeTokenResponse>();
    expect(body).toMatchObject({ Email: OPERATOR, Rollen: ['operator'] });
    expect(body.Faehigkeiten).toContain('orders');
    expect(body.Faehigkeiten).not.toContain('payouts');

    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/backoffice/sitzung',
      headers: { authorization: `Bearer ${body.Token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json<BackofficeUserResponse>()).toMatchObject({ Email: OPERATOR, Rollen: ['operator'] });

    const row = await app.database.kysely
      .selectFrom('backoffice_user')
      .select(['id', 'sso_subject', 'last_login_at'])
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', OPERATOR)
      .executeTakeFirstOrThrow();
    expect(row.sso_subject).toBe(OPERATOR);
    expect(row.last_login_at).not.toBeNull();
    const audit = await app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('mandant_id', '=', 'alpha')
      .where('subject_id', '=', row.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['login.succeeded']);
    expect(JSON.stringify(audit[0]?.after)).toContain('sso');

    // The second sign-in finds the user by subject.
    const again = await redeem(app, 'alpha', exchangeBody(await signIn(app, OPERATOR)));
    expect(again.statusCode).toBe(200);
  });

  it('creates an unknown user with the claim’s roles, and the provider’s roles replace stored ones', async () => {
    const created = await redeem(app, 'alpha', exchangeBody(await signIn(app, NEWCOMER)));
    expect(created.statusCode).toBe(200);
    expect(created.json<BackofficeTokenResponse>()).toMatchObject({
      Email: NEWCOMER,
      Name: 'Nina Neu',
      Rollen: ['viewer', 'finance'],
    });
    const row = await app.database.kysely
      .selectFrom('backoffice_user')
      .select(['roles', 'sso_subject', 'password_hash', 'status'])
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', NEWCOMER)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roles: ['viewer', 'finance'], sso_subject: NEWCOMER, password_hash: null });

    const promoted = await redeem(app, 'alpha', exchangeBody(await signIn(app, PROMOTED)));
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<BackofficeTokenResponse>().Rollen).toEqual(['finance']);
    const stored = await app.database.kysely
      .selectFrom('backoffice_user')
      .select('roles')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', PROMOTED)
      .executeTakeFirstOrThrow();
    expect(stored.roles).toEqual(['finance']);
  });

  it('refuses a claim without a valid role (PSOF0842) and an inactive user (PSOF0703), nothing created', async () => {
    const noRole = await redeem(app, 'alpha', exchangeBody(await signIn(app, NO_ROLE)));
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json()).toMatchObject({ code: 'PSOF0842' });
    const none = await app.database.kysely
      .selectFrom('backoffice_user')
      .select('id')
      .where('email', '=', NO_ROLE)
      .execute();
    expect(none).toEqual([]);

    const inactive = await redeem(app, 'alpha', exchangeBody(await signIn(app, INACTIVE)));
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ code: 'PSOF0703' });
    const row = await app.database.kysely
      .selectFrom('backoffice_user')
      .select('sso_subject')
      .where('email', '=', INACTIVE)
      .executeTakeFirstOrThrow();
    expect(row.sso_subject).toBeNull();
  });

  // The state is compared in the browser (the callback page, tests/browser/backofficeSso.test.ts): the
  // server cannot know the state the tab sent. Here: the verifier, the redirect URI and replay.
  it('refuses a wrong verifier, another redirect URI and a code used twice (PSOF0841)', async () => {
    const otherLanguage = exchangeBody(await signIn(app, OPERATOR));
    const language = await redeem(app, 'alpha', { ...otherLanguage, Sprache: 'en' });
    expect(language.statusCode).toBe(401);
    expect(language.json()).toMatchObject({ code: 'PSOF0841' });

    const wrongVerifier = exchangeBody(await signIn(app, OPERATOR));
    const verifier = await redeem(app, 'alpha', { ...wrongVerifier, Verifier: 'w'.repeat(43) });
    expect(verifier.statusCode).toBe(401);
    expect(verifier.json()).toMatchObject({ code: 'PSOF0841' });

    const body = exchangeBody(await signIn(app, OPERATOR));
    expect((await redeem(app, 'alpha', body)).statusCode).toBe(200);
    const reused = await redeem(app, 'alpha', body);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'PSOF0841' });
  });

  it('an agency client’s code is not a back-office sign-in (another client, another scope)', async () => {
    // The agency flow is not configured for alpha here; the back-office client cannot be used for agency.
    const agency = await app.inject({ method: 'GET', url: '/api/v1/alpha/agentur/sso' });
    expect(agency.statusCode).toBe(204);
  });
});
