import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinMonth } from '../../domain/invoice.ts';
import type {
  BackofficeProfi,
  BackofficeProfiZeile,
  ProfiMonatAntwort,
} from '../../schemas/backofficeProfi.ts';
import type { ReportPage } from '../../schemas/reportQuery.ts';
import { demoProfiSellerId } from '../../server/demo/demoProfiPlugin.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { backofficeToken } from './backofficeHelpers.ts';
import { bearer, buildTestApp, databases, loginToken, OTHER_DEMO_MANDANT } from './helpers.ts';

const API = '/api/v1/telko';
const SELLER_EMAIL = 'profi.verkauf@netzplus.example';
/** A finished month long before the demo's orders: nothing of the demo is billed in it. */
const OLD_MONTH = '2021-03';

describe.each(databases)('profi-sellers in the back office on $name', (database) => {
  let app: FastifyInstance;
  const tokens = {} as Record<'viewer' | 'operator' | 'finance' | 'admin' | 'other', string>;
  let otherMandant: string;
  let sellerId: string;
  let sellerToken: string;

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token: string,
    payload?: object,
    mandantPath = API,
  ) => app.inject({ method, url: `${mandantPath}/backoffice${url}`, payload, headers: bearer(token) });
  const list = (token: string, body: object = {}) => call('PUT', '/profis', token, body);
  const sellerArea = () =>
    app.inject({ method: 'GET', url: `${API}/profi/uebersicht`, headers: bearer(sellerToken) });
  const audit = (subjectId: string) =>
    app.database.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('mandant_id', '=', 'telko')
      .where('subject_id', '=', subjectId)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    for (const role of ['viewer', 'operator', 'finance', 'admin'] as const) {
      tokens[role] = await backofficeToken(app, 'telko', [role]);
    }
    const other = app.mandants.get(OTHER_DEMO_MANDANT);
    if (!other) throw new Error('the demo needs a second mandant');
    otherMandant = other.id;
    tokens.other = await backofficeToken(app, otherMandant, ['operator', 'finance', 'admin']);
    const id = await demoProfiSellerId(app.database.kysely, 'telko');
    if (!id) throw new Error('the telko demo has no profi-seller');
    sellerId = id;
    sellerToken = await loginToken(app, 'telko', { email: SELLER_EMAIL, password: 'Empfehlen2026' });
  });
  afterAll(() => app?.close());

  it('lists the sellers with their sums; search by Profinummer, e-mail and name; a viewer is refused', async () => {
    for (const Suche of ['P-100001', 'PROFI.VERKAUF@', 'p-1000']) {
      const response = await list(tokens.operator, { Suche });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<ReportPage<BackofficeProfiZeile>>().Content;
      expect(rows.map((row) => row.Email)).toContain(SELLER_EMAIL);
    }
    const page = (await list(tokens.finance, { Suche: SELLER_EMAIL })).json<
      ReportPage<BackofficeProfiZeile>
    >();
    expect(page.TotalCount).toBe(1);
    const [row] = page.Content;
    if (!row) throw new Error('no row');
    expect(row).toMatchObject({ Id: sellerId, Profinummer: 'P-100001', Bankdaten: true, Vereinbarung: true });
    expect(row.Status).toBe('active');
    // The sums are those of the seller's commissions in the database.
    const sums = await app.database.kysely
      .selectFrom('profi_commission')
      .select(['status'])
      .select((eb) => eb.fn.sum<string>(eb('basis_cent', '+', eb.ref('extra_cent'))).as('cent'))
      .where('profi_seller_id', '=', sellerId)
      .groupBy('status')
      .execute();
    const sum = (status: string) => Number(sums.find((entry) => entry.status === status)?.cent ?? 0);
    expect([row.OffenCent, row.FreigegebenCent, row.AusgezahltCent]).toEqual([
      sum('pending'),
      sum('approved'),
      sum('paid'),
    ]);
    expect(row.AusgezahltCent).toBeGreaterThan(0);
    // Nothing matches a text no seller has.
    expect((await list(tokens.admin, { Suche: 'niemand-hier' })).json<ReportPage<unknown>>().TotalCount).toBe(
      0,
    );
    const viewer = await list(tokens.viewer);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json<{ code: string }>().code).toBe('PSOF0700');
  });

  it('shows a seller: the IBAN masked, sums, credit notes with their PDF', async () => {
    const response = await call('GET', `/profis/${sellerId}`, tokens.operator);
    expect(response.statusCode, response.body).toBe(200);
    const seller = response.json<BackofficeProfi>();
    expect(seller.Email).toBe(SELLER_EMAIL);
    expect(seller.IBAN).toMatch(/^DE\d\d \*{4} /);
    expect(response.body).not.toMatch(/DE\d{20}/);
    expect(seller.Gutschriften.length).toBeGreaterThan(0);
    const note = seller.Gutschriften[0];
    if (!note) throw new Error('no credit note');
    const pdf = await call('GET', `/profis/${sellerId}/gutschriften/${note.Nummer}.pdf`, tokens.finance);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const missing = await call('GET', `/profis/${sellerId}/gutschriften/GS-P-999999.pdf`, tokens.finance);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('PSOF0963');
  });

  it('the operator blocks: the seller’s profi routes answer 403 PSOF0940; the admin unblocks; both audited', async () => {
    expect((await sellerArea()).statusCode).toBe(200);
    const finance = await call('PUT', `/profis/${sellerId}/status`, tokens.finance, { Status: 'blocked' });
    expect(finance.statusCode).toBe(403);
    expect(finance.json<{ code: string }>().code).toBe('PSOF0700');

    const blocked = await call('PUT', `/profis/${sellerId}/status`, tokens.operator, {
      Status: 'blocked',
      Grund: 'Verdacht auf Eigenbestellungen',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json<BackofficeProfi>().Status).toBe('blocked');
    const refused = await sellerArea();
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('PSOF0940');
    const listed = (await list(tokens.operator, { Suche: 'P-100001' })).json<
      ReportPage<BackofficeProfiZeile>
    >();
    expect(listed.Content[0]?.Status).toBe('blocked');

    // Blocked already (someone else was quicker): 409, nothing written.
    const again = await call('PUT', `/profis/${sellerId}/status`, tokens.operator, { Status: 'blocked' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('PSOF0705');

    const unblocked = await call('PUT', `/profis/${sellerId}/status`, tokens.admin, { Status: 'active' });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await sellerArea()).statusCode).toBe(200);

    const entries = await audit(sellerId);
    expect(entries.map((entry) => [entry.action, entry.subject_type, entry.before, entry.after])).toEqual([
      [
        'profiSeller.blocked',
        'profiSeller',
        { status: 'active' },
        { status: 'blocked', reason: 'Verdacht auf Eigenbestellungen' },
      ],
      ['profiSeller.unblocked', 'profiSeller', { status: 'blocked' }, { status: 'active', reason: '' }],
    ]);
    const bad = await call('PUT', `/profis/${sellerId}/status`, tokens.operator, { Status: 'gone' });
    expect(bad.statusCode).toBe(400);
  });

  it('another mandant’s staff get 404 for the seller, never its data, and change nothing', async () => {
    const path = `/api/v1/${otherMandant}`;
    for (const [method, url, payload] of [
      ['GET', `/profis/${sellerId}`, undefined],
      ['GET', `/profis/${sellerId}/gutschriften/GS-P-000001.pdf`, undefined],
      ['PUT', `/profis/${sellerId}/status`, { Status: 'blocked' }],
    ] as const) {
      const response = await call(method, url, tokens.other, payload, path);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('PSOF0704');
      expect(response.body).not.toContain('P-100001');
    }
    const theirs = (await call('PUT', '/profis', tokens.other, {}, path)).json<
      ReportPage<BackofficeProfiZeile>
    >();
    expect(theirs.Content.map((row) => row.Id)).not.toContain(sellerId);
    expect((await sellerArea()).statusCode).toBe(200);
    // A telko token on another mandant's path is no session there.
    const crossed = await call('PUT', '/profis', tokens.operator, {}, path);
    expect(crossed.statusCode).toBe(401);
  });

  it('finance makes a finished month’s credit notes for every seller, once; sellers without tax data are named; audited', async () => {
    const db = app.database.kysely;
    // Two of the demo seller's commissions approved in an old month: one stays the demo seller's, the other
    // goes to a seller without tax data.
    const pending = await db
      .selectFrom('profi_commission')
      .select('id')
      .where('profi_seller_id', '=', sellerId)
      .where('status', '=', 'pending')
      .where((eb) => eb('basis_cent', '>', 0))
      .orderBy('created_at')
      .limit(2)
      .execute();
    expect(pending).toHaveLength(2);
    const account = await db
      .insertInto('account')
      .values({
        mandant_id: 'telko',
        email: 'ohne.steuer@profi.example',
        password_hash: 'x',
        vorname: 'Otto',
        nachname: 'Ohnesteuer',
        empfehler_hash: randomBytes(12).toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const untaxed = await db
      .insertInto('profi_seller')
      .values({
        mandant_id: 'telko',
        account_id: account.id,
        profinummer: 'P-900001',
        art: 'person',
        strasse: 'Marktweg 3',
        plz: '20095',
        ort: 'Hamburg',
        steuerstatus: 'kleinunternehmer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const approvedAt = new Date(`${OLD_MONTH}-15T10:00:00Z`);
    await db
      .updateTable('profi_commission')
      .set({ status: 'approved', approved_at: approvedAt })
      .where(
        'id',
        'in',
        pending.map((line) => line.id),
      )
      .execute();
    await db
      .updateTable('profi_commission')
      .set({ profi_seller_id: untaxed.id })
      .where('id', '=', pending[1]?.id ?? '')
      .execute();
    const before = await db
      .selectFrom('profi_credit_note_counter')
      .select('last_number')
      .where('mandant_id', '=', 'telko')
      .executeTakeFirstOrThrow();

    const operator = await call('POST', '/profis/gutschriften', tokens.operator, { Monat: OLD_MONTH });
    expect(operator.statusCode).toBe(403);
    expect(operator.json<{ code: string }>().code).toBe('PSOF0700');

    const first = await call('POST', '/profis/gutschriften', tokens.finance, { Monat: OLD_MONTH });
    expect(first.statusCode, first.body).toBe(200);
    const expectedNumber = `GS-P-${String(before.last_number + 1).padStart(6, '0')}`;
    expect(first.json<ProfiMonatAntwort>()).toEqual({
      Monat: OLD_MONTH,
      Erstellt: [expectedNumber],
      Vorhanden: 0,
      Uebersprungen: ['P-900001'],
    });
    const detail = (await call('GET', `/profis/${sellerId}`, tokens.finance)).json<BackofficeProfi>();
    expect(detail.Gutschriften.find((note) => note.Nummer === expectedNumber)?.Monat).toBe(OLD_MONTH);

    // Again: nothing new, the note is counted; the counter did not move.
    const second = await call('POST', '/profis/gutschriften', tokens.finance, { Monat: OLD_MONTH });
    expect(second.json<ProfiMonatAntwort>()).toEqual({
      Monat: OLD_MONTH,
      Erstellt: [],
      Vorhanden: 1,
      Uebersprungen: ['P-900001'],
    });
    const after = await db
      .selectFrom('profi_credit_note_counter')
      .select('last_number')
      .where('mandant_id', '=', 'telko')
      .executeTakeFirstOrThrow();
    expect(after.last_number).toBe(before.last_number + 1);

    const entries = await audit(OLD_MONTH);
    expect(entries.map((entry) => [entry.action, entry.subject_type, entry.after])).toEqual([
      ['profiCreditNotes.created', 'profiCreditNoteMonth', first.json()],
      ['profiCreditNotes.created', 'profiCreditNoteMonth', second.json()],
    ]);

    // The current month is not over; a month that is no month is a 400.
    const current = await call('POST', '/profis/gutschriften', tokens.finance, {
      Monat: berlinMonth(new Date()),
    });
    expect(current.statusCode).toBe(409);
    expect(current.json<{ code: string }>().code).toBe('PSOF0960');
    for (const Monat of ['2026-13', '2026-1', '']) {
      const bad = await call('POST', '/profis/gutschriften', tokens.finance, { Monat });
      expect(bad.statusCode, Monat).toBe(400);
    }
  });
});
