import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import type { MatrixRole, MatrixRows } from './backofficeMatrix/MatrixRow.ts';
import { bearer, buildTestApp, databases, loginToken, OTHER_DEMO_MANDANT } from './helpers.ts';

/**
 * Every back-office route × every back-office role and every other kind of caller gets exactly the expected
 * status (issue 15: "enforced on the server for every route"). The expectations are written here from the
 * issue, not read from domain/backofficeAbilities.ts, so a wrong ability in the code fails this test. Each
 * feature keeps its rows in `backofficeMatrix/*.rows.ts`; a route without a row fails the test.
 */
const ROLES: readonly MatrixRole[] = ['viewer', 'operator', 'finance', 'admin'];

/** Issue 15: viewer (reports only), operator (orders, review, support), finance (payout runs, vouchers), admin (staff, API keys, webhooks, settings); issue 16: profi-sellers seen by operator, finance, admin, blocked by operator or admin. */
const ISSUE15: Record<MatrixRole, readonly string[]> = {
  viewer: ['reports'],
  operator: ['reports', 'orders', 'review', 'support', 'agencies', 'profiSellers', 'profiBlock'],
  finance: ['reports', 'payouts', 'vouchers', 'profiSellers'],
  admin: ['reports', 'staff', 'apiKeys', 'webhooks', 'settings', 'audit', 'profiSellers', 'profiBlock'],
};

const modules = import.meta.glob<{ rows: MatrixRows }>('./backofficeMatrix/*.rows.ts', { eager: true });
const TABLE: MatrixRows = Object.assign({}, ...Object.values(modules).map((module) => module.rows));

describe.each(databases)('back-office routes × roles on $name', (database) => {
  let app: FastifyInstance;
  const tokens = {} as Record<MatrixRole | 'recommender' | 'agency' | 'otherMandant' | 'deactivated', string>;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    for (const role of ROLES) tokens[role] = await backofficeToken(app, 'telko', [role]);
    tokens.recommender = await loginToken(app, 'telko', {
      email: 'anna.beispiel@netzplus.example',
      password: 'Empfehlen2026',
    });
    tokens.agency = await app.issueAgencyToken('telko', 'agentur@netzplus.example');
    const otherMandant = app.mandants.get(OTHER_DEMO_MANDANT);
    if (!otherMandant) throw new Error('the demo needs a second mandant');
    tokens.otherMandant = await backofficeToken(app, otherMandant.id, ['admin', 'operator', 'finance']);
    tokens.deactivated = await backofficeToken(
      app,
      'telko',
      ['admin', 'operator', 'finance'],
      'aus@programm.example',
    );
    await app.database.kysely
      .updateTable('backoffice_user')
      .set({ status: 'inactive' })
      .where('mandant_id', '=', 'telko')
      .where('email', '=', 'aus@programm.example')
      .execute();
  });
  afterAll(() => app?.close());

  it('has a row for every back-office route, with the ability issue 15 asks for', () => {
    const registered = Object.fromEntries(
      app.backofficeRoutes
        .filter((route) => route.method !== 'HEAD')
        .map((route) => [`${route.method} ${route.url.replace(/^\/api\/v1/, '')}`, route.ability]),
    );
    expect(registered).toEqual(
      Object.fromEntries(Object.entries(TABLE).map(([key, row]) => [key, row.ability])),
    );
  });

  it('answers each role exactly: allowed → the route’s status, not allowed → 403 PSOF0700', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      let n = 0;
      for (const role of ROLES) {
        const allowed = row.ability === 'any' || ISSUE15[role].includes(row.ability);
        const request = await row.request({ app, role, n });
        if (allowed) n += 1;
        const response = await app.inject({
          ...request,
          headers: { ...bearer(tokens[role]), ...request.headers },
        });
        const code = response.statusCode >= 400 ? ` ${response.json<{ code: string }>().code}` : '';
        answers.push(`${key} ${role}: ${response.statusCode}${code}`);
        expected.push(`${key} ${role}: ${allowed ? row.ok : '403 PSOF0700'}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('refuses everyone else: no token 401, a recommender or agency user 403, another mandant or a deactivated user 401', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      const request = await row.request({ app, role: 'admin', n: 0 });
      for (const [caller, token, status] of [
        ['guest', null, '401 PSOF0210'],
        ['recommender', tokens.recommender, '403 PSOF0202'],
        ['agency', tokens.agency, '403 PSOF0202'],
        ['otherMandant', tokens.otherMandant, '401 PSOF0204'],
        ['deactivated', tokens.deactivated, '401 PSOF0204'],
      ] as const) {
        const { authorization: _ignored, ...headers } = (request.headers ?? {}) as Record<string, string>;
        const response = await app.inject({
          ...request,
          headers: { ...headers, ...(token ? bearer(token) : {}) },
        });
        answers.push(`${key} ${caller}: ${response.statusCode} ${response.json<{ code: string }>().code}`);
        expected.push(`${key} ${caller}: ${status}`);
      }
    }
    expect(answers).toEqual(expected);
  });
});
