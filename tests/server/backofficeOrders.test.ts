import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BackofficeOrderDetail,
  OrderActionResponse,
  OrderSearchRow,
} from '../../schemas/backofficeOrders.ts';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, databases } from './helpers.ts';
import {
  berlinDay,
  buildOrderTestApp,
  confirmedReferral,
  integration,
  reasonsOf,
  rewardsOf,
  statusOf,
  TestClock,
} from './orderHelpers.ts';

const API = '/api/v1/alpha/backoffice';

describe.each(databases)('back office: orders and recommendations on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();
  let operator: Record<string, string>;
  let viewer: Record<string, string>;
  let strictOperator: Record<string, string>;
  let counter = 0;

  beforeAll(async () => {
    app = await buildOrderTestApp(database, clock);
    operator = bearer(await backofficeToken(app, 'alpha', ['operator'], 'service@alpha.example'));
    viewer = bearer(await backofficeToken(app, 'alpha', ['viewer']));
    strictOperator = bearer(await backofficeToken(app, 'strict', ['operator']));
  });
  afterAll(() => app?.close());

  /** A confirmed referral with an order placed through the integration API (waiting for its contract). */
  async function orderedReferral(options: { recipientEmail?: string } = {}) {
    counter += 1;
    const referral = await confirmedReferral(app, options);
    const auftragsnummer = `BO-${counter}-${Date.now()}`;
    const placed = await integration(app, 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: referral.nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: '101',
      Auftragsdatum: berlinDay(clock.now()),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return { ...referral, auftragsnummer };
  }

  const search = (headers: Record<string, string>, Suche: string | null, extra: object = {}) =>
    app.inject({ method: 'PUT', url: `${API}/auftraege/`, headers, payload: { Suche, ...extra } });
  const detail = async (nr: string, headers = operator) => {
    const response = await app.inject({ method: 'GET', url: `${API}/auftraege/${nr}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BackofficeOrderDetail>();
  };
  const action = (
    auftragsnummer: string,
    verb: 'bestaetigen' | 'stornieren' | 'umbuchen',
    payload: object,
    headers = operator,
  ) =>
    app.inject({
      method: 'POST',
      url: `${API}/bestellungen/${encodeURIComponent(auftragsnummer)}/${verb}`,
      headers,
      payload,
    });
  const auditOf = (subjectId: string) =>
    app.database.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'before', 'after', 'subject_type'])
      .where('mandant_id', '=', 'alpha')
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();
  const orderId = async (auftragsnummer: string) =>
    (
      await app.database.kysely
        .selectFrom('customer_order')
        .select('id')
        .where('mandant_id', '=', 'alpha')
        .where('external_order_id', '=', auftragsnummer)
        .executeTakeFirstOrThrow()
    ).id;

  it('finds a recommendation by its number, code, order number and either e-mail (any case)', async () => {
    const recipientEmail = `Finde.Mich.${Date.now()}@Example.NET`;
    const order = await orderedReferral({ recipientEmail });
    await app.database.kysely
      .updateTable('recommendation')
      .set({ code: `SUCH${counter}X` })
      .where('mandant_id', '=', 'alpha')
      .where('empfehlungsnummer', '=', order.nr)
      .execute();
    const other = await orderedReferral();
    for (const term of [
      order.nr,
      `such${counter - 1}x`,
      order.auftragsnummer,
      ` ${order.recommenderEmail.toUpperCase()} `,
      recipientEmail,
    ]) {
      const response = await search(viewer, term);
      expect(response.statusCode, `${term}: ${response.body}`).toBe(200);
      const page = response.json<ReportPage<OrderSearchRow>>();
      expect(
        page.Content.map((row) => row.Empfehlungsnummer),
        term,
      ).toEqual([order.nr]);
      expect(page.Content[0]).toMatchObject({
        Auftragsnummer: order.auftragsnummer,
        Auftragsstatus: 'wartet',
        Status: 'Ok',
        Empfaenger: recipientEmail.toLowerCase(),
      });
    }
    // Without a term: every recommendation, newest first; filtered by the order's state.
    const all = (await search(viewer, null, { Filter: { Auftragsstatus: 'wartet' } })).json<
      ReportPage<OrderSearchRow>
    >();
    expect(all.Content.map((row) => row.Empfehlungsnummer).slice(0, 2)).toEqual([other.nr, order.nr]);
    expect(
      (await search(viewer, 'nobody@nowhere.example')).json<ReportPage<OrderSearchRow>>().TotalCount,
    ).toBe(0);
    // The export streams the same rows.
    const csv = await app.inject({
      method: 'GET',
      url: `${API}/auftraege/export.csv?Suche=${encodeURIComponent(order.auftragsnummer)}`,
      headers: viewer,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(order.nr);
    expect(csv.body).not.toContain(other.nr);
    const bad = await search(viewer, null, { OrderBy: 'Unbekannt' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'PSOF0013']);
  });

  it('answers another mandant’s recommendation and order with 404', async () => {
    const order = await orderedReferral();
    const nr = await app.inject({
      method: 'GET',
      url: `/api/v1/strict/backoffice/auftraege/${order.nr}`,
      headers: strictOperator,
    });
    expect([nr.statusCode, nr.json().code]).toEqual([404, 'PSOF0720']);
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/v1/strict/backoffice/bestellungen/${order.auftragsnummer}/bestaetigen`,
      headers: strictOperator,
      payload: { Version: 1, Grund: 'Vertrag liegt vor' },
    });
    expect([confirm.statusCode, confirm.json().code]).toEqual([404, 'PSOF0721']);
    const found = await app.inject({
      method: 'PUT',
      url: '/api/v1/strict/backoffice/auftraege/',
      headers: strictOperator,
      payload: { Suche: order.auftragsnummer },
    });
    expect(found.json<ReportPage<OrderSearchRow>>().TotalCount).toBe(0);
    expect(await statusOf(app, order.nr)).toBe('Ok');
  });

  it('confirms an order through the lifecycle with an audit entry, and refuses a stale version', async () => {
    const order = await orderedReferral();
    const before = await detail(order.nr);
    const [seen] = before.Auftraege;
    expect(seen).toMatchObject({ Zustand: 'wartet', Aktuell: true });
    const version = seen?.Version ?? 0;

    const viewerTry = await action(
      order.auftragsnummer,
      'bestaetigen',
      { Version: version, Grund: 'x y z' },
      viewer,
    );
    expect([viewerTry.statusCode, viewerTry.json().code]).toEqual([403, 'PSOF0700']);

    const confirmed = await action(order.auftragsnummer, 'bestaetigen', {
      Version: version,
      Grund: 'Vertrag telefonisch bestätigt',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<OrderActionResponse>()).toMatchObject({
      Zustand: 'bestaetigt',
      Empfehlungsstatus: 'Ok',
    });
    expect(confirmed.json<OrderActionResponse>().Version).toBeGreaterThan(version);
    expect(await reasonsOf(app, order.nr)).toContain('recommendation:contract.concluded');
    const event = await app.database.kysely
      .selectFrom('lifecycle_event')
      .select('actor')
      .where('mandant_id', '=', 'alpha')
      .where('reason', '=', 'contract.concluded')
      .where('order_id', '=', await orderId(order.auftragsnummer))
      .executeTakeFirstOrThrow();
    expect(event.actor).toBe('back_office');
    const audit = await auditOf(await orderId(order.auftragsnummer));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.confirmed',
      actor_email: 'service@alpha.example',
      subject_type: 'order',
      before: { Zustand: 'wartet', Vertrag: null },
      after: { Zustand: 'bestaetigt', Grund: 'Vertrag telefonisch bestätigt' },
    });

    // The second operator saw the old version: told, nothing written.
    const stale = await action(order.auftragsnummer, 'stornieren', {
      Version: version,
      Grund: 'Kunde widerruft',
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'PSOF0705']);
    expect(await auditOf(await orderId(order.auftragsnummer))).toHaveLength(1);
    // Confirming twice is refused with its own code.
    const again = await action(order.auftragsnummer, 'bestaetigen', {
      Version: confirmed.json<OrderActionResponse>().Version,
      Grund: 'noch einmal',
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'PSOF0722']);

    // The timeline holds the order, its lifecycle events and the back office's action, in time order.
    const after = await detail(order.nr, viewer);
    const kinds = after.Verlauf.map((entry) => `${entry.Art}:${entry.Ereignis}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'lifecycle:recommendation.created',
        'recipient:recipient.created',
        'order:order.received',
        'lifecycle:order.attributed',
        'lifecycle:contract.concluded',
        'audit:order.confirmed',
      ]),
    );
    expect(kinds.indexOf('lifecycle:recommendation.created')).toBeLessThan(
      kinds.indexOf('audit:order.confirmed'),
    );
    const times = after.Verlauf.map((entry) => entry.Zeit);
    expect(times).toEqual([...times].sort());
    expect(after.Verlauf.find((entry) => entry.Art === 'audit')).toMatchObject({
      Akteur: 'service@alpha.example',
      Hinweis: 'Vertrag telefonisch bestätigt',
      Auftragsnummer: order.auftragsnummer,
    });
    expect(after.Praemien.map((reward) => reward.Status)).toEqual(['Offen', 'Offen']);
  });

  it('lets exactly one of two operators acting at once win', async () => {
    const order = await orderedReferral();
    const version = (await detail(order.nr)).Auftraege[0]?.Version;
    const answers = await Promise.all([
      action(order.auftragsnummer, 'bestaetigen', { Version: version, Grund: 'Vertrag liegt vor' }),
      action(order.auftragsnummer, 'stornieren', { Version: version, Grund: 'Kunde widerruft' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('PSOF0705');
    expect(await auditOf(await orderId(order.auftragsnummer))).toHaveLength(1);
  });

  it('cancels an order: the recommendation and its rewards become Storniert', async () => {
    const order = await orderedReferral();
    const version = (await detail(order.nr)).Auftraege[0]?.Version;
    const cancelled = await action(order.auftragsnummer, 'stornieren', {
      Version: version,
      Grund: 'Kunde hat widerrufen',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ Zustand: 'storniert', Empfehlungsstatus: 'Storniert' });
    expect(await statusOf(app, order.nr)).toBe('Storniert');
    expect((await rewardsOf(app, order.nr)).map((reward) => reward.status)).toEqual([
      'Storniert',
      'Storniert',
    ]);
    const [entry] = await auditOf(await orderId(order.auftragsnummer));
    expect(entry).toMatchObject({
      action: 'order.cancelled',
      before: { Empfehlungsstatus: 'Ok' },
      after: { Empfehlungsstatus: 'Storniert', Grund: 'Kunde hat widerrufen' },
    });
    const twice = await action(order.auftragsnummer, 'stornieren', {
      Version: cancelled.json<OrderActionResponse>().Version,
      Grund: 'noch einmal',
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'PSOF0723']);
  });

  it('reassigns a mis-attributed order to the recommendation with the given code', async () => {
    const order = await orderedReferral();
    const target = await confirmedReferral(app);
    const code = `UMB${Date.now()}`;
    await app.database.kysely
      .updateTable('recommendation')
      .set({ code })
      .where('mandant_id', '=', 'alpha')
      .where('empfehlungsnummer', '=', target.nr)
      .execute();
    const version = (await detail(order.nr)).Auftraege[0]?.Version;
    const unknown = await action(order.auftragsnummer, 'umbuchen', {
      Version: version,
      Empfehlungscode: 'GIBTESNICHT',
      Grund: 'Falscher Code',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PSOF0725']);
    const moved = await action(order.auftragsnummer, 'umbuchen', {
      Version: version,
      Empfehlungscode: code.toLowerCase(),
      Grund: 'Kunde nannte den Code der Nachbarin',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ Empfehlungsnummer: target.nr, Zustand: 'wartet' });
    // The old recommendation keeps its status; its rewards of the order are cancelled; the new one has its own.
    expect(await statusOf(app, order.nr)).toBe('Ok');
    expect((await rewardsOf(app, order.nr)).map((reward) => reward.status)).toEqual([
      'Storniert',
      'Storniert',
    ]);
    expect((await rewardsOf(app, target.nr)).map((reward) => reward.status)).toEqual(['Offen', 'Offen']);
    expect(await reasonsOf(app, target.nr)).toContain('recommendation:order.attributed');
    const [entry] = await auditOf(await orderId(order.auftragsnummer));
    expect(entry).toMatchObject({
      action: 'order.reassigned',
      before: { Empfehlungsnummer: order.nr },
      after: { Empfehlungsnummer: target.nr, Empfehlungscode: code },
    });
    // Both timelines show it; the old one marks the order as no longer its own.
    const old = await detail(order.nr);
    expect(old.Auftraege[0]).toMatchObject({ Aktuell: false, Empfehlungsnummer: target.nr });
    const now = await detail(target.nr);
    expect(now.Auftraege[0]).toMatchObject({ Aktuell: true, Auftragsnummer: order.auftragsnummer });
    expect(now.Verlauf.some((item) => item.Ereignis === 'order.reassigned')).toBe(true);
    // Back again to the same recommendation it now has: refused.
    const same = await action(order.auftragsnummer, 'umbuchen', {
      Version: moved.json<OrderActionResponse>().Version,
      Empfehlungscode: code,
      Grund: 'noch einmal',
    });
    expect([same.statusCode, same.json().code]).toEqual([409, 'PSOF0726']);
  });

  it('answers bad input with 4xx and a code, and writes nothing', async () => {
    const order = await orderedReferral();
    const version = (await detail(order.nr)).Auftraege[0]?.Version;
    for (const [payload, status, code] of [
      [{ Version: version }, 400, 'PSOF0013'],
      [{ Version: version, Grund: '  ' }, 400, 'PSOF0013'],
      [{ Version: 'eins', Grund: 'Vertrag liegt vor' }, 400, 'PSOF0013'],
      [{ Version: version, Grund: 'x'.repeat(501) }, 400, 'PSOF0013'],
    ] as const) {
      const response = await action(order.auftragsnummer, 'bestaetigen', payload);
      expect([response.statusCode, response.json().code], JSON.stringify(payload)).toEqual([status, code]);
    }
    const unknown = await action('GIBT-ES-NICHT', 'bestaetigen', { Version: 1, Grund: 'Vertrag liegt vor' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PSOF0721']);
    const noRecommendation = await app.inject({
      method: 'GET',
      url: `${API}/auftraege/000000000`,
      headers: viewer,
    });
    expect([noRecommendation.statusCode, noRecommendation.json().code]).toEqual([404, 'PSOF0720']);
    const reassign = await action(order.auftragsnummer, 'umbuchen', { Version: version, Grund: 'ohne Code' });
    expect([reassign.statusCode, reassign.json().code]).toEqual([400, 'PSOF0013']);
    expect(await auditOf(await orderId(order.auftragsnummer))).toHaveLength(0);
    expect(await statusOf(app, order.nr)).toBe('Ok');
  });
});
