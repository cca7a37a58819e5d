import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProfiSellerId } from '../../server/demo/demoProfiPlugin.ts';
import { demoRewardToken } from '../../server/demo/demoRewardLink.ts';
import { markAccess, ruleOf } from '../../server/http/routeAccess.ts';
import {
  integrationKeyCipherContext,
  newIntegrationSecret,
} from '../../server/integration/integrationSecrets.ts';
import { signRequest } from '../../server/integration/verifySignature.ts';
import { setToken } from '../../server/rewards/rewardStore.ts';
import { newRewardToken, REWARD_TOKEN_VALID_DAYS } from '../../server/rewards/rewardTokens.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken, insertBackofficeUser } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases, OTHER_DEMO_MANDANT } from './helpers.ts';
import { createdRecipient, createRecipient, FRIEND } from './recipientHelpers.ts';
import {
  AGENCY_ROLES,
  BACKOFFICE_ROLES,
  CALLERS,
  type Caller,
  type Expected,
  expectedFor,
  meets,
} from './routeMatrix/expectations.ts';
import { DEMO_RECOMMENDATION, requestOf } from './routeMatrix/requests.ts';

/**
 * Issue 17: every route × every kind of credential gets exactly the expected answer. The routes and their
 * rules come from `app.routeAccess` (server/http/routeAccess.ts), so a new route joins by itself; the
 * expectations per rule are written in routeMatrix/expectations.ts. A route without a declared rule fails.
 * HEAD routes follow their GET (checked once); the back-office and agency role matrices check the allowed
 * calls in depth, this one who is let in at all, on every route.
 */
const MANDANT = 'telko';
const RECOMMENDER = 'anna.beispiel@netzplus.example';
const AGENCY_STAFF = {
  owner: 'agentur@netzplus.example',
  inactiveOwner: 'gerd.gruender@netzplus.example',
  employee: 'mia.mitarbeiterin@netzplus.example',
} as const;

let nextAddress = 0;
/** A client address of its own per call, far from loopback, so per-client limits and the dev view's loopback rule do not mix in. */
function freshAddress(): string {
  nextAddress += 1;
  return `10.77.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

describe('the access rule of a route', () => {
  it('comes from a marked hook, else config.access, else the central table, else undeclared', () => {
    const hook = markAccess(async () => undefined, { kind: 'recipient' });
    expect(ruleOf({ url: '/x', onRequest: [hook], config: { access: { kind: 'public' } } }, 'GET')).toEqual({
      kind: 'recipient',
    });
    expect(ruleOf({ url: '/x', config: { access: { kind: 'public' } } }, 'POST')).toEqual({ kind: 'public' });
    expect(ruleOf({ url: '/api/health' }, 'HEAD')).toEqual({ kind: 'public' });
    expect(ruleOf({ url: '/api/health' }, 'POST')).toEqual({ kind: 'undeclared' });
    expect(ruleOf({ url: '/new/route', onRequest: [async () => undefined] }, 'GET')).toEqual({
      kind: 'undeclared',
    });
  });
});

describe.each(databases)('every route × every credential on $name', (database) => {
  let app: FastifyInstance;
  /** Headers of each caller; same-mandant session tokens are issued afresh per call (a call may log out). */
  let headersOf: (
    caller: Caller,
    route: { method: string },
    request?: InjectOptions,
  ) => Promise<Record<string, string>>;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR, devMails: true });
    const db = app.database.kysely;
    const other = app.mandants.get(OTHER_DEMO_MANDANT)?.id;
    if (!other) throw new Error('the demo needs a second mandant');

    const accountId = async (mandant: string, email?: string) => {
      let query = db.selectFrom('account').select('id').where('mandant_id', '=', mandant);
      if (email) query = query.where('email', '=', email);
      return (await query.executeTakeFirstOrThrow()).id;
    };
    const agencyUserId = async (mandant: string, email?: string) => {
      let query = db.selectFrom('agency_user').select('id').where('mandant_id', '=', mandant);
      if (email) query = query.where('email', '=', email);
      return (await query.executeTakeFirstOrThrow()).id;
    };
    const recommenderId = await accountId(MANDANT, RECOMMENDER);
    const profiSeller = await demoProfiSellerId(db, MANDANT);
    if (!profiSeller) throw new Error('the telko demo needs a profi-seller (demo/profi.json)');
    const profiId = (
      await db
        .selectFrom('profi_seller')
        .select('account_id')
        .where('id', '=', profiSeller)
        .executeTakeFirstOrThrow()
    ).account_id;
    if (!profiId) throw new Error('the demo profi-seller has no account');
    /** A seller of its own: an account with a profi_seller row (the DELETE calls, and another mandant's seller). */
    let sellers = 0;
    const sellerAccount = async (mandant: string) => {
      sellers += 1;
      const account = await db
        .insertInto('account')
        .values({
          mandant_id: mandant,
          email: `matrix-profi-${sellers}@example.net`,
          password_hash: null,
          vorname: 'Matrix',
          nachname: 'Profi',
          empfehler_hash: `matrixprofi${sellers}${Math.random().toString(36).slice(2, 10)}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('profi_seller')
        .values({
          mandant_id: mandant,
          account_id: account.id,
          profinummer: `P-${String(900_000 + sellers)}`,
          art: 'person',
          strasse: 'Hauptstraße 1',
          plz: '10115',
          ort: 'Berlin',
          steuerstatus: 'kleinunternehmer',
          steuernummer: '21/815/08150',
        })
        .execute();
      return account.id;
    };
    const staffIds = Object.fromEntries(
      await Promise.all(
        AGENCY_ROLES.map(async (role) => [role, await agencyUserId(MANDANT, AGENCY_STAFF[role])] as const),
      ),
    );
    const backofficeIds: Record<string, string> = {};
    for (const role of BACKOFFICE_ROLES) {
      backofficeIds[role] = await insertBackofficeUser(app, MANDANT, {
        email: `matrix-${role}@programm.example`,
        roles: [role],
      });
    }
    const foreign = {
      recommenderOtherMandant: await app.sessionTokens.issue('user', other, await accountId(other)),
      profiOtherMandant: await app.sessionTokens.issue('user', other, await sellerAccount(other)),
      agencyOtherMandant: await app.sessionTokens.issue('agency', other, await agencyUserId(other)),
      backofficeOtherMandant: await backofficeToken(app, other, ['viewer', 'operator', 'finance', 'admin']),
      recipientToken: (await createdRecipient(app, MANDANT, DEMO_RECOMMENDATION)).Token,
      rewardToken: (await demoRewardToken(db, MANDANT, [RECOMMENDER]))?.token ?? '',
      recipientTokenOtherMandant: await anyRecipientToken(app, other),
      rewardTokenOtherMandant: await anyRewardToken(app, other),
    };
    if (!foreign.rewardToken) throw new Error('the telko demo needs a reward ready to collect');

    const keyId = 'route-matrix';
    const secret = newIntegrationSecret();
    await db
      .insertInto('integration_key')
      .values({
        mandant_id: MANDANT,
        id: keyId,
        name: 'Route matrix',
        secret_encrypted: app.fieldCipher.encrypt(secret, integrationKeyCipherContext(MANDANT, keyId)),
      })
      .execute();
    let messages = 0;

    let throwaways = 0;
    /** A recommender of its own for a DELETE call, which may remove its caller (empfehler/delete). */
    const throwawayRecommender = async () => {
      throwaways += 1;
      const row = await db
        .insertInto('account')
        .values({
          mandant_id: MANDANT,
          email: `matrix-${throwaways}@example.net`,
          password_hash: null,
          vorname: 'Matrix',
          nachname: 'Wegwerf',
          empfehler_hash: `matrix${throwaways}${Math.random().toString(36).slice(2, 10)}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };

    headersOf = async (caller, route, request): Promise<Record<string, string>> => {
      if (caller === 'guest') return {};
      if (caller === 'integrationKey') {
        messages += 1;
        const id = `route-matrix-${messages}`;
        const raw = request?.payload === undefined ? '' : JSON.stringify(request.payload);
        const write = route.method !== 'GET' && route.method !== 'HEAD';
        return {
          'x-api-key': keyId,
          [write ? 'idempotency-key' : 'webhook-id']: id,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': signRequest(secret, id, raw),
        };
      }
      if (caller === 'recommender') {
        const id = route.method === 'DELETE' ? await throwawayRecommender() : recommenderId;
        return bearer(await app.sessionTokens.issue('user', MANDANT, id));
      }
      if (caller === 'profi') {
        const id = route.method === 'DELETE' ? await sellerAccount(MANDANT) : profiId;
        return bearer(await app.sessionTokens.issue('user', MANDANT, id));
      }
      if (caller.startsWith('agency:')) {
        const role = caller.slice('agency:'.length) as keyof typeof AGENCY_STAFF;
        return bearer(await app.sessionTokens.issue('agency', MANDANT, staffIds[role] ?? ''));
      }
      if (caller.startsWith('backoffice:')) {
        const role = caller.slice('backoffice:'.length);
        return bearer(await app.sessionTokens.issue('backoffice', MANDANT, backofficeIds[role] ?? ''));
      }
      return bearer(foreign[caller as keyof typeof foreign]);
    };
  }, 180_000);
  afterAll(() => app?.close());

  it('has a declared access rule for every route', () => {
    expect(app.routeAccess.length).toBeGreaterThan(100);
    const undeclared = app.routeAccess
      .filter((entry) => entry.access.kind === 'undeclared')
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(undeclared).toEqual([]);
  });

  it('gives a HEAD route the rule of its GET', () => {
    const rules = new Map(app.routeAccess.map((entry) => [`${entry.method} ${entry.url}`, entry.access]));
    const heads = app.routeAccess.filter((entry) => entry.method === 'HEAD');
    expect(heads.length).toBeGreaterThan(0);
    for (const head of heads)
      expect([head.url, head.access]).toEqual([head.url, rules.get(`GET ${head.url}`)]);
  });

  it('states the rule of every documented route in the API document', async () => {
    const document = app.swagger() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const missing = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.description?.includes('Access:'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('answers every route × credential exactly as its rule says', async () => {
    const routes = app.routeAccess.filter((entry) => entry.method !== 'HEAD');
    const answers: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const expectation: Expected = expectedFor(route.access, caller);
        // The token first (a route may read it from the query), then the signature over the final body.
        const token = (await headersOf(caller, route)).authorization?.replace(/^Bearer /, '');
        const request = requestOf(route, token);
        const callerHeaders =
          caller === 'integrationKey' ? await headersOf(caller, route, request) : token ? bearer(token) : {};
        const response = await app.inject({
          ...request,
          headers: { ...(request.headers as Record<string, string>), ...callerHeaders },
          remoteAddress: freshAddress(),
        });
        const code = codeOf(response.body);
        const cell = `${route.method} ${route.url} ${route.access.kind} ${caller}`;
        expected.push(`${cell}: ${expectation}`);
        answers.push(
          `${cell}: ${meets(expectation, response.statusCode, code) ? expectation : `${response.statusCode} ${code ?? ''}`}`,
        );
      }
    }
    // The issue's note reports the matrix size.
    console.info(
      `route matrix on ${database.name}: ${routes.length} routes × ${CALLERS.length} credentials = ${answers.length} calls`,
    );
    expect(answers).toEqual(expected);
  }, 240_000);
});

/** A recipient token of `mandant`: a recipient of the first of its demo recommendations that takes one. */
async function anyRecipientToken(app: FastifyInstance, mandant: string): Promise<string> {
  const rows = await app.database.kysely
    .selectFrom('recommendation')
    .select('empfehlungsnummer')
    .where('mandant_id', '=', mandant)
    .execute();
  for (const { empfehlungsnummer } of rows) {
    const response = await createRecipient(app, mandant, empfehlungsnummer, FRIEND);
    if (response.statusCode < 300) return response.json<{ Token: string }>().Token;
  }
  throw new Error(`no recommendation of ${mandant} takes a recipient`);
}

/** A valid reward link token of `mandant` (any of its rewards), as the reward mail carries one. */
async function anyRewardToken(app: FastifyInstance, mandant: string): Promise<string> {
  const db = app.database.kysely;
  const reward = await db
    .selectFrom('praemierung')
    .select('id')
    .where('mandant_id', '=', mandant)
    .executeTakeFirstOrThrow();
  const { token, hash } = newRewardToken();
  await setToken(db, mandant, reward.id, hash, REWARD_TOKEN_VALID_DAYS);
  return token;
}

function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed?.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}
