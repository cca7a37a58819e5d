import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewBulkResponse, ReviewRow } from '../../schemas/backofficeOrders.ts';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, databases } from './helpers.ts';
import {
  berlinDay,
  buildOrderTestApp,
  confirmedReferral,
  integration,
  rewardsOf,
  statusOf,
  TestClock,
} from './orderHelpers.ts';

const API = '/api/v1/alpha/backoffice';

describe.each(databases)('back office: review queue on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();
  let operator: Record<string, string>;
  let viewer: Record<string, string>;
  let counter = 0;

  beforeAll(async () => {
    app = await buildOrderTestApp(database, clock);
    operator = bearer(await backofficeToken(app, 'alpha', ['operator'], 'pruefer@alpha.example'));
    viewer = bearer(await backofficeToken(app, 'alpha', ['viewer']));
  });
  afterAll(() => app?.close());

  /** An order whose recipient uses a throw-away address: flagged (disposable_email), waiting for review. */
  async function flaggedOrder() {
    counter += 1;
    const referral = await confirmedReferral(app, {
      recipientEmail: `wegwerf.${counter}.${Date.now()}@mailinator.com`,
    });
    const auftragsnummer = `PR-${counter}-${Date.now()}`;
    const placed = await integration(app, 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: referral.nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: '101',
      Auftragsdatum: berlinDay(clock.now()),
    });
    expect(placed.json()).toMatchObject({ Pruefung: 'pending' });
    return { nr: referral.nr, auftragsnummer };
  }

  const queue = async (headers = operator) => {
    const response = await app.inject({
      method: 'PUT',
      url: `${API}/pruefung/`,
      headers,
      payload: { Pagesize: 100 },
    });
    return response;
  };
  const rowOf = async (auftragsnummer: string) => {
    const page = (await queue()).json<ReportPage<ReviewRow>>();
    return page.Content.find((row) => row.Auftragsnummer === auftragsnummer);
  };
  const auditActions = async (auftragsnummer: string) =>
    (
      await app.database.kysely
        .selectFrom('audit_log')
        .innerJoin('customer_order', (join) =>
          join.on((eb) => eb(eb.cast('customer_order.id', 'text'), '=', eb.ref('audit_log.subject_id'))),
        )
        .select(['audit_log.action', 'audit_log.after'])
        .where('customer_order.external_order_id', '=', auftragsnummer)
        .orderBy('audit_log.id')
        .execute()
    ).map((row) => ({ action: row.action, after: row.after }));

  it('lists flagged orders with their reason codes, oldest first, for the review ability only', async () => {
    const first = await flaggedOrder();
    const second = await flaggedOrder();
    const page = (await queue()).json<ReportPage<ReviewRow>>();
    const numbers = page.Content.map((row) => row.Auftragsnummer);
    expect(numbers.indexOf(first.auftragsnummer)).toBeLessThan(numbers.indexOf(second.auftragsnummer));
    expect(page.Content.find((row) => row.Auftragsnummer === first.auftragsnummer)).toMatchObject({
      Empfehlungsnummer: first.nr,
      Pruefgruende: 'disposable_email',
    });
    const refused = await queue(viewer);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'PSOF0700']);
  });

  it('approves one order and rejects another with a note, each audited through resolveReview', async () => {
    const approve = await flaggedOrder();
    const reject = await flaggedOrder();
    const approveRow = await rowOf(approve.auftragsnummer);
    const approved = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/${approve.auftragsnummer}`,
      headers: operator,
      payload: { Entscheidung: 'freigeben', Version: approveRow?.Version, Notiz: 'Adresse ist echt' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ Pruefung: 'approved', Empfehlungsstatus: 'Ok' });
    const rejectRow = await rowOf(reject.auftragsnummer);
    const rejected = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/${reject.auftragsnummer}`,
      headers: operator,
      payload: { Entscheidung: 'ablehnen', Version: rejectRow?.Version, Notiz: 'Selbstempfehlung' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOf(app, reject.nr)).toBe('Storniert');
    expect((await rewardsOf(app, reject.nr)).map((reward) => reward.status)).toEqual([
      'Storniert',
      'Storniert',
    ]);
    expect(await auditActions(approve.auftragsnummer)).toEqual([
      {
        action: 'order.reviewApproved',
        after: expect.objectContaining({ Pruefung: 'approved', Notiz: 'Adresse ist echt' }),
      },
    ]);
    expect(await auditActions(reject.auftragsnummer)).toEqual([
      {
        action: 'order.reviewRejected',
        after: expect.objectContaining({ Pruefung: 'rejected', Notiz: 'Selbstempfehlung' }),
      },
    ]);
    expect(await rowOf(approve.auftragsnummer)).toBeUndefined();
    // Resolved already, and a stale version: refused with their codes.
    const again = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/${approve.auftragsnummer}`,
      headers: operator,
      payload: { Entscheidung: 'ablehnen', Version: approved.json().Version, Notiz: 'doch nicht' },
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'PSOF0729']);
    const stale = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/${approve.auftragsnummer}`,
      headers: operator,
      payload: { Entscheidung: 'ablehnen', Version: approveRow?.Version, Notiz: 'doch nicht' },
    });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'PSOF0705']);
    const noNote = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/${reject.auftragsnummer}`,
      headers: operator,
      payload: { Entscheidung: 'freigeben', Version: 1 },
    });
    expect([noNote.statusCode, noNote.json().code]).toEqual([400, 'PSOF0013']);
  });

  it('approves several at once and reports each row: done, or the error code', async () => {
    const a = await flaggedOrder();
    const b = await flaggedOrder();
    const rowA = await rowOf(a.auftragsnummer);
    const rowB = await rowOf(b.auftragsnummer);
    const response = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/sammel`,
      headers: operator,
      payload: {
        Entscheidung: 'freigeben',
        Notiz: 'Stichprobe geprüft',
        Auftraege: [
          { Auftragsnummer: a.auftragsnummer, Version: rowA?.Version },
          { Auftragsnummer: b.auftragsnummer, Version: (rowB?.Version ?? 0) + 5 },
          { Auftragsnummer: 'GIBT-ES-NICHT', Version: 1 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReviewBulkResponse>().Ergebnisse).toEqual([
      { Auftragsnummer: a.auftragsnummer, Ok: true, Code: null },
      { Auftragsnummer: b.auftragsnummer, Ok: false, Code: 'PSOF0705' },
      { Auftragsnummer: 'GIBT-ES-NICHT', Ok: false, Code: 'PSOF0721' },
    ]);
    expect((await auditActions(a.auftragsnummer)).map((entry) => entry.action)).toEqual([
      'order.reviewApproved',
    ]);
    expect(await auditActions(b.auftragsnummer)).toEqual([]);
    expect(await rowOf(b.auftragsnummer)).toBeDefined();
    const empty = await app.inject({
      method: 'POST',
      url: `${API}/pruefung/sammel`,
      headers: operator,
      payload: { Entscheidung: 'freigeben', Notiz: 'leer', Auftraege: [] },
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'PSOF0013']);
  });
});
