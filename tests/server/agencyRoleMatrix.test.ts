import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANDANTS_DIR } from '../support/server.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';

/**
 * Every agency route × every kind of caller gets exactly the expected status (issue 14, DESIGN "Areas and
 * roles"). The expectations are written here from SPEC 6, not read from domain/agencyAbilities.ts, so a
 * wrong ability in the code fails this test; a new agency route without a row here fails it too.
 */
type Role = 'owner' | 'inactiveOwner' | 'employee';
const ROLES: readonly Role[] = ['owner', 'inactiveOwner', 'employee'];

/** SPEC 6 word for word, as abilities (the employee sees master data but does not change it). */
const SPEC6: Record<Role, readonly string[]> = {
  owner: [
    'employees',
    'invitations',
    'rewardPlan',
    'invoices',
    'administration',
    'orderReport',
    'recommenderReport',
    'rewards',
    'statistics',
    'masterData',
    'masterDataEdit',
    'rewardPlanAdd',
    'rewardPlanDelete',
  ],
  inactiveOwner: [
    'invoices',
    'administration',
    'orderReport',
    'recommenderReport',
    'rewards',
    'rewardPlan',
    'statistics',
    'masterData',
    'masterDataEdit',
    'rewardPlanAdd',
    'rewardPlanDelete',
  ],
  employee: [
    'invitations',
    'administration',
    'orderReport',
    'recommenderReport',
    'rewards',
    'rewardPlan',
    'statistics',
    'masterData',
  ],
};

const STAFF: Record<Role, string> = {
  owner: 'agentur@netzplus.example',
  inactiveOwner: 'gerd.gruender@netzplus.example',
  employee: 'mia.mitarbeiterin@netzplus.example',
};
const NR = 'A-1001';
const API = '/api/v1/telko';

interface Fixtures {
  /** Orders of the agency waiting for its decision, one per call that decides one. */
  pendingOrders: string[];
  /** Reward plan entries, one per role that may delete one. */
  planEntries: string[];
  /** Active employees the owner may deactivate. */
  staffIds: string[];
  masterData: Record<string, unknown>;
}

interface Row {
  /** The ability SPEC 6 asks for. */
  ability: string;
  /** A well-formed call for an allowed role; `n` counts the allowed calls of this row (0, 1, …). */
  request: (role: Role, fixtures: Fixtures, n: number) => InjectOptions;
  /** The status an allowed role gets (with the code, for a call that answers a refusal on purpose). */
  ok: number | string;
}

const report =
  (path: string): Row['request'] =>
  () => ({
    method: 'PUT',
    url: `${API}${path}`,
    payload: { Pagesize: 5, Pagenumber: 2 },
  });
const get =
  (path: string): Row['request'] =>
  () => ({ method: 'GET', url: `${API}${path}` });

const REPORTS: [string, string][] = [
  ['/agentur/:nr', 'employees'],
  ['/agentur/auftraege/:nr', 'orderReport'],
  ['/agentur/empfehlungen/:nr', 'recommenderReport'],
  ['/agentur/leads/:nr', 'invitations'],
  ['/agentur/einladungen/:nr', 'invitations'],
  ['/agentur/praemien/:nr', 'rewards'],
];

const TABLE: Record<string, Row> = {
  ...Object.fromEntries(
    REPORTS.flatMap(([path, ability]) => {
      const concrete = path.replace(':nr', NR);
      return [
        [`PUT ${path}`, { ability, request: report(concrete), ok: 200 }],
        [`GET ${path}/export.csv`, { ability, request: get(`${concrete}/export.csv`), ok: 200 }],
        [`GET ${path}/export.xlsx`, { ability, request: get(`${concrete}/export.xlsx`), ok: 200 }],
      ];
    }),
  ),
  'PUT /agentur/auftragfreigeben/:nr/:auftragsnummer': {
    ability: 'invitations',
    request: (_role, fixtures, n) => ({
      method: 'PUT',
      url: `${API}/agentur/auftragfreigeben/${NR}/${fixtures.pendingOrders[n]}`,
    }),
    ok: 200,
  },
  'DELETE /agentur/auftragfreigeben/:nr/:auftragsnummer': {
    ability: 'invitations',
    request: (_role, fixtures, n) => ({
      method: 'DELETE',
      url: `${API}/agentur/auftragfreigeben/${NR}/${fixtures.pendingOrders[10 + n]}`,
    }),
    ok: 200,
  },
  // Without a body: is a captcha required (SPEC 7's pre-check).
  'PUT /Einladung': {
    ability: 'invitations',
    request: () => ({ method: 'PUT', url: `${API}/Einladung` }),
    ok: 200,
  },
  'GET /Einladung/daten': { ability: 'invitations', request: get('/Einladung/daten'), ok: 200 },
  'POST /agentur/mitarbeiter': {
    ability: 'employees',
    request: (role, _fixtures, n) => ({
      method: 'POST',
      url: `${API}/agentur/mitarbeiter`,
      payload: { Name: 'Neu Mitarbeiter', Email: `neu.${role}.${n}@agentur.example`, Rolle: 'employee' },
    }),
    ok: 201,
  },
  'PUT /agentur/mitarbeiter/:id/status': {
    ability: 'employees',
    request: (_role, fixtures, n) => ({
      method: 'PUT',
      url: `${API}/agentur/mitarbeiter/${fixtures.staffIds[n]}/status`,
      payload: { Status: 'inactive' },
    }),
    ok: 200,
  },
  'GET /agentur/praemienplan': { ability: 'rewardPlan', request: get('/agentur/praemienplan'), ok: 200 },
  'POST /agentur/praemienplan': {
    ability: 'rewardPlanAdd',
    // A product of its own per call, so no period overlaps another call's.
    request: (_role, _fixtures, n) => ({
      method: 'POST',
      url: `${API}/agentur/praemienplan`,
      payload: { ProduktId: String(603 + n), ProvisionCent: 1500, GueltigAb: '2026-01-01' },
    }),
    ok: 201,
  },
  'DELETE /agentur/praemienplan/:id': {
    ability: 'rewardPlanDelete',
    request: (_role, fixtures, n) => ({
      method: 'DELETE',
      url: `${API}/agentur/praemienplan/${fixtures.planEntries[n]}`,
    }),
    ok: 204,
  },
  'GET /agentur/stammdaten': { ability: 'masterData', request: get('/agentur/stammdaten'), ok: 200 },
  'PUT /agentur/stammdaten': {
    ability: 'masterDataEdit',
    request: (_role, fixtures) => ({
      method: 'PUT',
      url: `${API}/agentur/stammdaten`,
      payload: fixtures.masterData,
    }),
    ok: 200,
  },
  'PUT /content/agenturvariables/:id': {
    ability: 'administration',
    request: () => ({
      method: 'PUT',
      url: `${API}/content/agenturvariables/${NR}`,
      payload: [{ Name: 'agenturTelefon', Value: '040 123456-0' }],
    }),
    ok: 200,
  },
  'GET /agentur/rechnungen': { ability: 'invoices', request: get('/agentur/rechnungen'), ok: 200 },
  // A finished month with a released order (made in beforeAll): the first call makes it, the next answer it.
  'POST /agentur/rechnungen/:monat': {
    ability: 'invoices',
    request: (_role, _fixtures, n) => ({ method: 'POST', url: `${API}/agentur/rechnungen/2026-0${1 + n}` }),
    ok: 201,
  },
  'GET /agentur/rechnungen/:nummer.pdf': {
    ability: 'invoices',
    request: get('/agentur/rechnungen/1.pdf'),
    ok: 200,
  },
  'GET /agentur/statistik': {
    ability: 'statistics',
    request: get('/agentur/statistik?von=2026-01-01&bis=2026-06-30'),
    ok: 200,
  },
  // Every agency user changes their own password. A wrong current password: a real change would end the
  // role's token for the rows after this one.
  'PUT /agentur/passwortAendern': {
    ability: 'any',
    request: () => ({
      method: 'PUT',
      url: `${API}/agentur/passwortAendern`,
      payload: { OldPassword: 'Falsch-2026', Password: 'Geaendert-2026', PasswordConfirm: 'Geaendert-2026' },
    }),
    ok: '422 PSOF0224',
  },
};

/** The table's key of a registered route: method and URL below /api/v1/:mandant, HEAD answered like GET. */
function keyOf(method: string, url: string): string {
  return `${method} ${url.replace('/api/v1/:mandant', '').replace(/\/$/, '')}`;
}

describe.each(databases)('agency routes × roles on $name', (database) => {
  let app: FastifyInstance;
  const tokens = {} as Record<Role | 'recommender' | 'deactivated', string>;
  const fixtures: Fixtures = { pendingOrders: [], planEntries: [], staffIds: [], masterData: {} };

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    const db = app.database.kysely;
    for (const role of ROLES) tokens[role] = await app.issueAgencyToken('telko', STAFF[role]);
    tokens.recommender = await loginToken(app, 'telko', {
      email: 'anna.beispiel@netzplus.example',
      password: 'Empfehlen2026',
    });
    const agency = await db
      .selectFrom('agency')
      .select('id')
      .where('mandant_id', '=', 'telko')
      .where('agenturnummer', '=', NR)
      .executeTakeFirstOrThrow();
    const staff = await db
      .selectFrom('agency_user')
      .select(['id', 'email'])
      .where('agency_id', '=', agency.id)
      .where('status', '=', 'active')
      .where('email', 'like', 'mitarbeiter.%')
      .orderBy('email')
      .execute();
    // One employee deactivated before the test: their token is refused everywhere (401 PSOF0204).
    const [deactivated, ...others] = staff;
    if (!deactivated) throw new Error('the demo agency has no generated staff');
    tokens.deactivated = await app.issueAgencyToken('telko', deactivated.email);
    await db
      .updateTable('agency_user')
      .set({ status: 'inactive' })
      .where('id', '=', deactivated.id)
      .execute();
    fixtures.staffIds = others.map((user) => user.id);

    // Orders waiting for the agency: made here, so the count does not depend on the demo's random mix.
    const recommendation = await db
      .selectFrom('recommendation')
      .select(['id'])
      .where('agency_id', '=', agency.id)
      .executeTakeFirstOrThrow();
    for (let n = 0; n < 20; n += 1) {
      fixtures.pendingOrders.push(`MATRIX-${n}`);
      await db
        .insertInto('customer_order')
        .values({
          mandant_id: 'telko',
          recommendation_id: recommendation.id,
          external_order_id: `MATRIX-${n}`,
          produkt_id: '602',
          order_date: '2026-01-10',
          channel: 'link',
          attributed: true,
          source: 'api',
        })
        .execute();
    }
    // January and February 2026: one released order each, so each month has a credit note to make.
    for (const month of ['01', '02']) {
      await db
        .insertInto('customer_order')
        .values({
          mandant_id: 'telko',
          recommendation_id: recommendation.id,
          external_order_id: `MATRIX-INVOICE-${month}`,
          produkt_id: '602',
          order_date: `2026-${month}-05`,
          channel: 'link',
          attributed: true,
          source: 'api',
          concluded_at: `2026-${month}-07T10:00:00Z`,
          agency_release: 'released',
          agency_released_at: `2026-${month}-15T10:00:00Z`,
        })
        .execute();
    }
    // Entries of their own to delete, so the credit notes below still find the demo plan's commissions.
    for (const produktId of ['990', '991']) {
      const entry = await db
        .insertInto('agency_reward_plan')
        .values({
          mandant_id: 'telko',
          agency_id: agency.id,
          produkt_id: produktId,
          provision_cent: 100,
          gueltig_ab: '2026-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      fixtures.planEntries.push(entry.id);
    }
    const masterData = await app.inject({
      method: 'GET',
      url: `${API}/agentur/stammdaten`,
      headers: bearer(tokens.owner),
    });
    const { IBAN: _masked, ...rest } = masterData.json<Record<string, unknown>>();
    fixtures.masterData = { ...rest, IBAN: 'DE89370400440532013000' };
  });
  afterAll(() => app?.close());

  it('has a row for every agency route, with the ability SPEC 6 asks for', () => {
    const registered = new Map(
      app.agencyRoutes
        .filter((route) => route.method !== 'HEAD')
        .map((route) => [keyOf(route.method, route.url), route.ability]),
    );
    expect(Object.fromEntries(registered)).toEqual(
      Object.fromEntries(Object.entries(TABLE).map(([key, row]) => [key, row.ability])),
    );
  });

  it('answers each role exactly: allowed → the route’s status, not allowed → 403 PSOF0600', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      let n = 0;
      for (const role of ROLES) {
        const allowed = row.ability === 'any' || SPEC6[role].includes(row.ability);
        const request = row.request(role, fixtures, n);
        if (allowed) n += 1;
        const response = await app.inject({ ...request, headers: bearer(tokens[role]) });
        const code = response.statusCode >= 400 ? ` ${response.json<{ code: string }>().code}` : '';
        answers.push(`${key} ${role}: ${response.statusCode}${code}`);
        expected.push(`${key} ${role}: ${allowed ? row.ok : '403 PSOF0600'}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('refuses callers who are not agency users: no token 401, a recommender 403, a deactivated user 401', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [key, row] of Object.entries(TABLE)) {
      const request = row.request('owner', fixtures, 0);
      for (const [caller, headers, status] of [
        ['guest', {}, '401 PSOF0210'],
        ['recommender', bearer(tokens.recommender), '403 PSOF0202'],
        ['deactivated', bearer(tokens.deactivated), '401 PSOF0204'],
      ] as const) {
        const response = await app.inject({ ...request, headers });
        answers.push(`${key} ${caller}: ${response.statusCode} ${response.json<{ code: string }>().code}`);
        expected.push(`${key} ${caller}: ${status}`);
      }
    }
    expect(answers).toEqual(expected);
  });
});
