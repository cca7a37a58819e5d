import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyRole } from '../../schemas/account.ts';
import { orderReleasePath } from '../../schemas/agency.ts';
import { bearer, databases } from './helpers.ts';
import {
  berlinDay,
  buildOrderTestApp,
  CLAIM_DAYS,
  confirmedReferral,
  integration,
  rewardsOf,
  statusOf,
  TestClock,
} from './orderHelpers.ts';

/**
 * Issue 14, the agency's order release (SPEC 7 `PUT agentur/auftragfreigeben/{a}/{b}`, DELETE rejects): an
 * agency's order waits for the agency besides the claim period; a release after the period releases at
 * once through the lifecycle, one before it lets the sweep release when the period ends; a rejected order
 * is never released; each order is decided once; only the agency's own orders, only with the invitation
 * tool's ability.
 */
const API = '/api/v1/alpha';
const A_NR = 'R-100';
const B_NR = 'R-200';

type Headers = { authorization: string };

describe.each(databases)('agency order release on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();
  const agency = { a: '', b: '' };
  const users = { owner: '', employee: '' };
  const as = {} as Record<'owner' | 'employee' | 'inactiveOwner' | 'ownerB', Headers>;
  let counter = 0;

  const release = (headers: Headers | Record<string, never>, auftragsnummer: string, nr = A_NR) =>
    app.inject({ method: 'PUT', url: `${API}${orderReleasePath(nr, auftragsnummer)}`, headers });
  const reject = (headers: Headers, auftragsnummer: string, nr = A_NR) =>
    app.inject({ method: 'DELETE', url: `${API}${orderReleasePath(nr, auftragsnummer)}`, headers });
  const orderRow = (auftragsnummer: string) =>
    app.database.kysely
      .selectFrom('customer_order')
      .select(['agency_id', 'agency_release', 'agency_released_at', 'agency_released_by'])
      .where('mandant_id', '=', 'alpha')
      .where('external_order_id', '=', auftragsnummer)
      .executeTakeFirstOrThrow();

  /** A confirmed referral whose recommendation is the agency's (as the account trigger would make it), ordered and concluded. */
  async function agencyOrder(agencyId: string | null): Promise<{ nr: string; auftragsnummer: string }> {
    counter += 1;
    const referral = await confirmedReferral(app);
    if (agencyId) {
      await app.database.kysely
        .updateTable('recommendation')
        .set({ agency_id: agencyId })
        .where('mandant_id', '=', 'alpha')
        .where('empfehlungsnummer', '=', referral.nr)
        .execute();
    }
    const auftragsnummer = `AG-${counter}-${Date.now()}`;
    const placed = await integration(app, 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: referral.nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: '101',
      Auftragsdatum: berlinDay(clock.now()),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const concluded = await integration(app, 'events', {
      Typ: 'contract.concluded',
      Auftragsnummer: auftragsnummer,
    });
    expect(concluded.statusCode, concluded.body).toBe(200);
    return { nr: referral.nr, auftragsnummer };
  }

  beforeAll(async () => {
    app = await buildOrderTestApp(database, clock);
    const db = app.database.kysely;
    const [a, b] = await db
      .insertInto('agency')
      .values([
        { mandant_id: 'alpha', agenturnummer: A_NR, firma: 'Freigabe-Agentur' },
        { mandant_id: 'alpha', agenturnummer: B_NR, firma: 'Andere Agentur' },
      ])
      .returning('id')
      .execute();
    agency.a = a?.id ?? '';
    agency.b = b?.id ?? '';
    const user = (agencyId: string, email: string, roles: AgencyRole[]) => ({
      mandant_id: 'alpha',
      agency_id: agencyId,
      email,
      name: email.split('@')[0] ?? email,
      roles,
    });
    const rows = await db
      .insertInto('agency_user')
      .values([
        user(agency.a, 'owner@release.example', ['owner']),
        user(agency.a, 'employee@release.example', ['employee']),
        user(agency.a, 'inactive@release.example', ['inactiveOwner']),
        user(agency.b, 'owner@other.example', ['owner']),
      ])
      .returning(['id', 'email'])
      .execute();
    users.owner = rows.find((row) => row.email === 'owner@release.example')?.id ?? '';
    users.employee = rows.find((row) => row.email === 'employee@release.example')?.id ?? '';
    as.owner = bearer(await app.issueAgencyToken('alpha', 'owner@release.example'));
    as.employee = bearer(await app.issueAgencyToken('alpha', 'employee@release.example'));
    as.inactiveOwner = bearer(await app.issueAgencyToken('alpha', 'inactive@release.example'));
    as.ownerB = bearer(await app.issueAgencyToken('alpha', 'owner@other.example'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('marks an agency’s order pending, and the sweep leaves it until the agency releases it', async () => {
    const order = await agencyOrder(agency.a);
    expect(await orderRow(order.auftragsnummer)).toMatchObject({
      agency_id: agency.a,
      agency_release: 'pending',
    });
    // An order without an agency in the same sweep is released as before (issue 13).
    const plain = await agencyOrder(null);
    expect((await orderRow(plain.auftragsnummer)).agency_release).toBeNull();
    clock.advanceDays(CLAIM_DAYS + 1);
    await app.jobs.run('releaseDueOrders');
    expect(await statusOf(app, plain.nr)).toBe('Freigegeben');
    expect(await statusOf(app, order.nr)).toBe('Ok');

    // The period is over: the agency's release takes effect at once, through the lifecycle.
    const released = await release(as.employee, order.auftragsnummer);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({
      Auftragsnummer: order.auftragsnummer,
      Freigabe: 'released',
      Status: 'Freigegeben',
    });
    expect(await statusOf(app, order.nr)).toBe('Freigegeben');
    expect((await rewardsOf(app, order.nr)).map((reward) => reward.status)).toEqual([
      'Bereitgestellt',
      'Bereitgestellt',
    ]);
    const row = await orderRow(order.auftragsnummer);
    expect(row).toMatchObject({ agency_release: 'released', agency_released_by: users.employee });
    expect(row.agency_released_at).not.toBeNull();
    const events = await app.database.kysely
      .selectFrom('lifecycle_event')
      .innerJoin('recommendation', 'recommendation.id', 'lifecycle_event.recommendation_id')
      .select(['lifecycle_event.reason', 'lifecycle_event.actor', 'lifecycle_event.praemierung_id'])
      .where('recommendation.empfehlungsnummer', '=', order.nr)
      .where('lifecycle_event.reason', '=', 'order.released')
      .execute();
    expect(events.map((event) => event.actor)).toEqual(['agency', 'agency', 'agency']);

    // Decided once: a second release, or a rejection now, is 409 PSOF0620.
    for (const again of [
      await release(as.owner, order.auftragsnummer),
      await reject(as.owner, order.auftragsnummer),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PSOF0620' });
    }
  });

  it('releases within the claim period: the sweep releases the order when the period ends', async () => {
    const order = await agencyOrder(agency.a);
    const released = await release(as.owner, order.auftragsnummer);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ Freigabe: 'released', Status: 'Ok' });
    expect((await orderRow(order.auftragsnummer)).agency_released_by).toBe(users.owner);
    await app.jobs.run('releaseDueOrders');
    expect(await statusOf(app, order.nr)).toBe('Ok');
    clock.advanceDays(CLAIM_DAYS + 1);
    await app.jobs.run('releaseDueOrders');
    expect(await statusOf(app, order.nr)).toBe('Freigegeben');
  });

  it('rejects an order (DELETE): it is never released, and cannot be decided again', async () => {
    const order = await agencyOrder(agency.a);
    const rejected = await reject(as.employee, order.auftragsnummer);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({
      Auftragsnummer: order.auftragsnummer,
      Freigabe: 'rejected',
      Status: 'Ok',
    });
    clock.advanceDays(CLAIM_DAYS + 1);
    await app.jobs.run('releaseDueOrders');
    expect(await statusOf(app, order.nr)).toBe('Ok');
    expect((await rewardsOf(app, order.nr)).map((reward) => reward.status)).toEqual(['Offen', 'Offen']);
    for (const again of [
      await release(as.owner, order.auftragsnummer),
      await reject(as.owner, order.auftragsnummer),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PSOF0621' });
    }
    expect((await orderRow(order.auftragsnummer)).agency_release).toBe('rejected');
  });

  it('answers a cancelled order with 409 PSOF0622', async () => {
    const order = await agencyOrder(agency.a);
    const cancelled = await integration(app, 'events', {
      Typ: 'order.cancelled',
      Auftragsnummer: order.auftragsnummer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const response of [
      await release(as.owner, order.auftragsnummer),
      await reject(as.owner, order.auftragsnummer),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PSOF0622' });
    }
    expect((await orderRow(order.auftragsnummer)).agency_release).toBe('pending');
  });

  it('answers another agency’s order, an order without an agency, an unknown one or a foreign number with 404 PSOF0601', async () => {
    const ours = await agencyOrder(agency.a);
    const plain = await agencyOrder(null);
    for (const response of [
      await release(as.ownerB, ours.auftragsnummer, B_NR),
      await reject(as.ownerB, ours.auftragsnummer, B_NR),
      await release(as.owner, plain.auftragsnummer),
      await release(as.owner, 'GIBT-ES-NICHT'),
      await release(as.owner, ours.auftragsnummer, B_NR),
      await release(as.owner, ours.auftragsnummer, 'X-1'),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PSOF0601' });
    }
    expect((await orderRow(ours.auftragsnummer)).agency_release).toBe('pending');
  });

  it('needs the invitation tool’s ability: the inactive owner gets 403 PSOF0600, no token 401', async () => {
    const order = await agencyOrder(agency.a);
    for (const response of [
      await release(as.inactiveOwner, order.auftragsnummer),
      await reject(as.inactiveOwner, order.auftragsnummer),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PSOF0600' });
    }
    expect((await release({}, order.auftragsnummer)).statusCode).toBe(401);
    expect((await orderRow(order.auftragsnummer)).agency_release).toBe('pending');
  });
});
