import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyRole } from '../../schemas/account.ts';
import {
  AGENCY_REPORT_PATHS,
  type AgenturAuftragZeile,
  type AgenturEinladungZeile,
  type AgenturEmpfehlungZeile,
  type AgenturLeadZeile,
  type AgenturMitarbeiterZeile,
  type AgenturPraemieZeile,
} from '../../schemas/agency.ts';
import type { ReportPage, ReportQuery } from '../../schemas/reportQuery.ts';
import { productNameIn } from '../../server/recommender/recommendationReport.ts';
import { bearer, databases } from './helpers.ts';
import { buildOrderTestApp, TestClock } from './orderHelpers.ts';

/**
 * Issue 14, the agency's reports (SPEC 7): each pages, sorts, filters and exports (CSV, XLSX); only the
 * caller's agency's rows, `{x}` only the caller's Agenturnummer; each route needs its SPEC 6 ability.
 * Two agencies of one mandant, seeded with Kysely: agency A (A-100) with three recommenders' worth of rows,
 * agency B (B-200) with a few of everything, none of which may ever show in A's reports.
 */
const API = '/api/v1/alpha';
const A_NR = 'A-100';
const B_NR = 'B-200';
const FORMULA = '=HYPERLINK("https://evil.example","x")';
const HOUR = 3_600_000;
const BASE = Date.parse('2026-01-05T08:00:00Z');
const RECOMMENDATION_STATUSES = ['Offen', 'Ok', 'Freigegeben', 'Storniert', 'Abgelaufen'] as const;

type Headers = { authorization: string };

describe.each(databases)('agency reports on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();
  const ids = { agencyA: '', agencyB: '', employee: '', recommendationsA: [] as string[] };
  const as = {} as Record<'owner' | 'inactiveOwner' | 'employee' | 'ownerB', Headers>;

  const put = (headers: Headers | Record<string, never>, url: string, query: ReportQuery = {}) =>
    app.inject({ method: 'PUT', url: `${API}${url}`, headers, payload: query });
  async function page<Row>(
    url: string,
    query: ReportQuery = {},
    headers = as.owner,
  ): Promise<ReportPage<Row>> {
    const response = await put(headers, url, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportPage<Row>>();
  }
  /** Every row by paging forward with `size`, checking the page answers on the way. */
  async function allPages<Row>(url: string, size: number, query: ReportQuery = {}): Promise<Row[]> {
    const rows: Row[] = [];
    for (let number = 1; ; number++) {
      const answer = await page<Row>(url, { ...query, Pagesize: size, Pagenumber: number });
      rows.push(...answer.Content);
      expect(answer.HasNext).toBe(number < answer.PageCount);
      if (!answer.HasNext) {
        expect(rows).toHaveLength(answer.TotalCount);
        return rows;
      }
    }
  }
  const exportOf = (url: string, format: 'csv' | 'xlsx', search = '', headers: Headers = as.owner) =>
    app.inject({
      method: 'GET',
      // `${reportPath}export.csv`; the staff report's path has no trailing slash of its own.
      url: `${API}${url.endsWith('/') ? url : `${url}/`}export.${format}${search}`,
      headers,
    });
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  beforeAll(async () => {
    app = await buildOrderTestApp(database, clock);
    const db = app.database.kysely;
    const [agencyA, agencyB] = await db
      .insertInto('agency')
      .values([
        { mandant_id: 'alpha', agenturnummer: A_NR, firma: 'Agentur A GmbH' },
        { mandant_id: 'alpha', agenturnummer: B_NR, firma: 'Agentur B GmbH' },
      ])
      .returning('id')
      .execute();
    ids.agencyA = agencyA?.id ?? '';
    ids.agencyB = agencyB?.id ?? '';
    const user = (
      agencyId: string,
      email: string,
      name: string,
      roles: AgencyRole[],
      extra: { status?: 'active' | 'inactive'; mitarbeiternummer?: string; hours?: number } = {},
    ) => ({
      mandant_id: 'alpha',
      agency_id: agencyId,
      email,
      name,
      roles,
      status: extra.status ?? 'active',
      mitarbeiternummer: extra.mitarbeiternummer ?? null,
      created_at: new Date(BASE + (extra.hours ?? 0) * HOUR),
    });
    const users = await db
      .insertInto('agency_user')
      .values([
        user(ids.agencyA, 'inhaberin@agentur-a.example', 'Olga Inhaberin', ['owner'], { hours: 0 }),
        user(ids.agencyA, 'ruhend@agentur-a.example', 'Ingo Ruhend', ['inactiveOwner'], { hours: 1 }),
        user(ids.agencyA, 'mitarbeiter@agentur-a.example', 'Emil Mitarbeiter', ['employee'], {
          hours: 2,
          mitarbeiternummer: 'M-7',
        }),
        user(ids.agencyA, 'ehemalig@agentur-a.example', 'Erna Ehemalig', ['employee'], {
          hours: 3,
          status: 'inactive',
        }),
        user(ids.agencyB, 'inhaber@agentur-b.example', 'Bodo Fremd', ['owner']),
      ])
      .returning(['id', 'email'])
      .execute();
    ids.employee = users.find((row) => row.email.startsWith('mitarbeiter@'))?.id ?? '';
    for (const [key, email] of [
      ['owner', 'inhaberin@agentur-a.example'],
      ['inactiveOwner', 'ruhend@agentur-a.example'],
      ['employee', 'mitarbeiter@agentur-a.example'],
      ['ownerB', 'inhaber@agentur-b.example'],
    ] as const) {
      as[key] = bearer(await app.issueAgencyToken('alpha', email));
    }

    const accounts = await db
      .insertInto('account')
      .values([
        {
          mandant_id: 'alpha',
          email: 'carla@kunde.example',
          password_hash: null,
          vorname: 'Carla',
          nachname: 'Kundin',
          empfehler_hash: randomBytes(8).toString('hex'),
          agency_id: ids.agencyA,
          agency_user_id: ids.employee,
        },
        {
          mandant_id: 'alpha',
          email: 'dan@kunde.example',
          password_hash: null,
          vorname: 'Dan',
          nachname: 'Fremdkunde',
          empfehler_hash: randomBytes(8).toString('hex'),
          agency_id: ids.agencyB,
        },
      ])
      .returning('id')
      .execute();
    const recommendation = (accountId: string, nr: string, i: number, extra = {}) => ({
      mandant_id: 'alpha',
      empfehlungsnummer: nr,
      link_hex: randomBytes(16).toString('hex'),
      account_id: accountId,
      produkt_id: i % 2 === 0 ? '101' : '102',
      status: RECOMMENDATION_STATUSES[i % RECOMMENDATION_STATUSES.length],
      channel: i % 3 === 0 ? null : i === 4 ? FORMULA : ['email', 'whatsapp'][i % 2],
      created_at: new Date(BASE + i * HOUR),
      link_expires_at: new Date(BASE + 60 * 24 * HOUR),
      ...extra,
    });
    // Agency A: 25 recommendations (the trigger copies the account's agency and employee), one erased more.
    const recsA = await db
      .insertInto('recommendation')
      .values([
        ...Array.from({ length: 25 }, (_, i) =>
          recommendation(accounts[0]?.id ?? '', `7100${String(i).padStart(4, '0')}`, i),
        ),
        recommendation(accounts[0]?.id ?? '', '71009999', 30, { erased_at: new Date(BASE) }),
      ])
      .returning('id')
      .execute();
    ids.recommendationsA = recsA.map((row) => row.id);
    const recsB = await db
      .insertInto('recommendation')
      .values(Array.from({ length: 3 }, (_, i) => recommendation(accounts[1]?.id ?? '', `7200000${i}`, i)))
      .returning('id')
      .execute();
    const recA = (i: number) => ids.recommendationsA[i] ?? '';

    // Leads: recipients of A's recommendations 0 (ordered), 12 (confirmed), 13 (unconfirmed, past its 12
    // weeks), 14 (unconfirmed, in time), 15 (erased); one of B's.
    const now = clock.now().getTime();
    const recipient = (recommendationId: string, n: number, extra = {}) => ({
      mandant_id: 'alpha',
      recommendation_id: recommendationId,
      empfaengernummer: String(880_000_000 + n),
      vorname: 'Maria',
      nachname: 'Muster',
      email: `maria.${n}@freund.example`,
      delete_after: new Date(now + 30 * 24 * HOUR),
      created_at: new Date(BASE + n * HOUR),
      ...extra,
    });
    const recipients = await db
      .insertInto('recipient')
      .values([
        recipient(recA(0), 0, { confirmed_at: new Date(BASE) }),
        recipient(recA(12), 12, { confirmed_at: new Date(BASE) }),
        recipient(recA(13), 13, { delete_after: new Date(now - HOUR) }),
        recipient(recA(14), 14),
        recipient(recA(15), 15, { vorname: null, nachname: null, email: null, erased_at: new Date(BASE) }),
        recipient(recsB[0]?.id ?? '', 99),
      ])
      .returning('id')
      .execute();

    // Orders: twelve of A (recommendations 0–11), the first six dated 2025, the rest 2026; two of B.
    await db
      .insertInto('customer_order')
      .values([
        ...Array.from({ length: 12 }, (_, i) => ({
          mandant_id: 'alpha',
          recommendation_id: recA(i),
          recipient_id: i === 0 ? (recipients[0]?.id ?? null) : null,
          external_order_id: `A-${1000 + i}`,
          produkt_id: i % 2 === 0 ? '101' : '102',
          order_date:
            i < 6 ? `2025-06-${String(10 + i).padStart(2, '0')}` : `2026-02-${String(i).padStart(2, '0')}`,
          channel: 'link' as const,
          attributed: true,
          source: 'api' as const,
          created_at: new Date(BASE + i * HOUR),
        })),
        ...[0, 1].map((i) => ({
          mandant_id: 'alpha',
          recommendation_id: recsB[i]?.id ?? '',
          external_order_id: `B-${i}`,
          produkt_id: '101',
          order_date: '2026-02-01',
          channel: 'link' as const,
          attributed: true,
          source: 'api' as const,
        })),
      ])
      .execute();
    await db
      .insertInto('agency_reward_plan')
      .values([
        {
          mandant_id: 'alpha',
          agency_id: ids.agencyA,
          produkt_id: '101',
          provision_cent: 5000,
          gueltig_ab: '2020-01-01',
          gueltig_bis: '2025-12-31',
        },
        {
          mandant_id: 'alpha',
          agency_id: ids.agencyA,
          produkt_id: '101',
          provision_cent: 7000,
          gueltig_ab: '2026-01-01',
        },
        {
          mandant_id: 'alpha',
          agency_id: ids.agencyB,
          produkt_id: '102',
          provision_cent: 9999,
          gueltig_ab: '2020-01-01',
        },
      ])
      .execute();

    const invitation = (agencyId: string, n: number, extra = {}) => ({
      mandant_id: 'alpha',
      agency_id: agencyId,
      agency_user_id: ids.employee,
      vorname: 'Ida',
      nachname: `Eingeladen${n}`,
      email: `ida.${n}@kunde.example`,
      art: n % 2 === 0 ? ('VorOrt' as const) : ('Telefonisch' as const),
      token_hash: randomBytes(32).toString('hex'),
      expires_at: new Date(now + 7 * 24 * HOUR),
      created_at: new Date(BASE + n * HOUR),
      ...extra,
    });
    await db
      .insertInto('agency_invitation')
      .values([
        invitation(ids.agencyA, 1),
        invitation(ids.agencyA, 2, { expires_at: new Date(now - HOUR) }),
        invitation(ids.agencyA, 3, { status: 'Registriert', registered_at: new Date(BASE) }),
        invitation(ids.agencyA, 4, { vorname: FORMULA, agency_user_id: null, mitarbeiternummer: 'M-99' }),
        invitation(ids.agencyB, 5, { agency_user_id: null }),
      ])
      .execute();

    const reward = (recommendationId: string, wert: number, n: number, extra = {}) => ({
      mandant_id: 'alpha',
      recommendation_id: recommendationId,
      account_id: accounts[0]?.id ?? null,
      wert_cent: wert,
      beneficiary: 'recommender' as const,
      created_at: new Date(BASE + n * HOUR),
      ...extra,
    });
    await db
      .insertInto('praemierung')
      .values([
        reward(recA(0), 2500, 0, { praemie_id: 'ueberweisung', status: 'Bereitgestellt' }),
        reward(recA(1), 3000, 1),
        reward(recA(2), 1000, 2, { status: 'Storniert' }),
        // The friend's part of a split reward: the friend's business, not the agency's.
        reward(recA(0), 1500, 3, { beneficiary: 'recipient', account_id: null }),
        reward(recsB[0]?.id ?? '', 4000, 4, { account_id: accounts[1]?.id ?? null }),
      ])
      .execute();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  describe('staff: PUT agentur/{x}', () => {
    const url = AGENCY_REPORT_PATHS.employees(A_NR);

    it('lists the agency’s own staff, newest first, without sign-in data', async () => {
      const answer = await page<AgenturMitarbeiterZeile>(url);
      expect(answer.TotalCount).toBe(4);
      expect(answer.Content.map((row) => row.Name)).toEqual([
        'Erna Ehemalig',
        'Emil Mitarbeiter',
        'Ingo Ruhend',
        'Olga Inhaberin',
      ]);
      expect(answer.Content[1]).toEqual({
        Id: ids.employee,
        Name: 'Emil Mitarbeiter',
        Email: 'mitarbeiter@agentur-a.example',
        Mitarbeiternummer: 'M-7',
        Rollen: ['employee'],
        Status: 'active',
        Angelegt: '2026-01-05T11:00:00',
      });
      expect(JSON.stringify(answer)).not.toMatch(/password|Bodo/);
    });

    it('sorts and filters', async () => {
      const byName = await page<AgenturMitarbeiterZeile>(url, { OrderBy: 'name' });
      expect(byName.Content.map((row) => row.Name)[0]).toBe('Emil Mitarbeiter');
      const inactive = await page<AgenturMitarbeiterZeile>(url, { Filter: { Status: 'inactive' } });
      expect(inactive.Content.map((row) => row.Email)).toEqual(['ehemalig@agentur-a.example']);
      const numbered = await page<AgenturMitarbeiterZeile>(url, {
        OrderBy: 'Mitarbeiternummer',
        Descending: true,
      });
      expect(numbered.Content[0]?.Mitarbeiternummer).toBe('M-7');
      const text = await page<AgenturMitarbeiterZeile>(url, { Filter: 'ruhend' });
      expect(text.Content.map((row) => row.Name)).toEqual(['Ingo Ruhend']);
    });

    it('is for the owner only: an employee and an inactive owner get 403 PSOF0600', async () => {
      for (const headers of [as.employee, as.inactiveOwner]) {
        const response = await put(headers, url);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'PSOF0600' });
      }
      expect((await exportOf(url, 'csv', '', as.employee)).statusCode).toBe(403);
    });

    it('answers another agency’s number, or an unknown one, with 404 PSOF0601', async () => {
      for (const nr of [B_NR, 'X-1', 'a-100']) {
        const response = await put(as.owner, AGENCY_REPORT_PATHS.employees(nr));
        expect(response.statusCode, nr).toBe(404);
        expect(response.json()).toMatchObject({ code: 'PSOF0601' });
      }
      expect((await exportOf(AGENCY_REPORT_PATHS.employees(B_NR), 'csv')).statusCode).toBe(404);
      // Agency B's owner sees B's one user under B's number.
      const b = await page<AgenturMitarbeiterZeile>(AGENCY_REPORT_PATHS.employees(B_NR), {}, as.ownerB);
      expect(b.Content.map((row) => row.Name)).toEqual(['Bodo Fremd']);
    });

    it('answers a call without an agency token with 401', async () => {
      expect((await put({}, url)).statusCode).toBe(401);
    });
  });

  describe('orders: PUT agentur/auftraege/{x}/', () => {
    const url = AGENCY_REPORT_PATHS.orders(A_NR);

    it('pages the agency’s orders, newest first, with names, release and the plan’s commission', async () => {
      const rows = await allPages<AgenturAuftragZeile>(url, 5);
      expect(rows.map((row) => row.Auftragsnummer)).toEqual(
        Array.from({ length: 12 }, (_, i) => `A-${1011 - i}`),
      );
      const productName = productNameIn(app.productCatalogues.get('alpha'));
      expect(rows.at(-1)).toEqual({
        Auftragsnummer: 'A-1000',
        Auftragsdatum: '2025-06-10',
        Produkt: productName('101'),
        Empfehlungsnummer: '71000000',
        Empfehler: 'Carla Kundin',
        Mitarbeiter: 'Emil Mitarbeiter',
        Status: 'Offen',
        Freigabe: 'pending',
        ProvisionCent: 5000,
      });
      expect(productName('101')).toBeTruthy();
      // Valid on the order date: 50 € until 2025, 70 € from 2026; product 102 has no entry (B's is B's).
      const provision = Object.fromEntries(rows.map((row) => [row.Auftragsnummer, row.ProvisionCent]));
      expect(provision).toMatchObject({ 'A-1002': 5000, 'A-1006': 7000, 'A-1010': 7000, 'A-1001': null });
      expect(rows.some((row) => row.Auftragsnummer.startsWith('B-'))).toBe(false);
    });

    it('jumps to the last page and to pages in the middle, from the start or from the end', async () => {
      const all = await allPages<AgenturAuftragZeile>(url, 5);
      // Page sizes of their own: no page end of an earlier request is known, so each page is a jump. A
      // page nearer the end than the start is found counting from the last row backwards.
      const last = await page<AgenturAuftragZeile>(url, { Pagesize: 4, Pagenumber: 3 });
      expect(last.Content).toEqual(all.slice(8));
      expect(last.HasNext).toBe(false);
      const partial = await page<AgenturAuftragZeile>(url, { Pagesize: 7, Pagenumber: 2 });
      expect(partial.Content).toEqual(all.slice(7));
      const nearEnd = await page<AgenturAuftragZeile>(url, { Pagesize: 2, Pagenumber: 5 });
      expect(nearEnd.Content).toEqual(all.slice(8, 10));
      expect(nearEnd.HasNext).toBe(true);
      // Onwards from there: page 6 starts after page 5's remembered end.
      expect((await page<AgenturAuftragZeile>(url, { Pagesize: 2, Pagenumber: 6 })).Content).toEqual(
        all.slice(10),
      );
      const middle = await page<AgenturAuftragZeile>(url, { Pagesize: 3, Pagenumber: 2 });
      expect(middle.Content).toEqual(all.slice(3, 6));
      const past = await page<AgenturAuftragZeile>(url, { Pagesize: 5, Pagenumber: 4 });
      expect(past.Content).toEqual([]);
      // The same in ascending order of the order date.
      const ascending = await allPages<AgenturAuftragZeile>(url, 12, { OrderBy: 'Auftragsdatum' });
      const lastAscending = await page<AgenturAuftragZeile>(url, {
        OrderBy: 'Auftragsdatum',
        Pagesize: 5,
        Pagenumber: 3,
      });
      expect(lastAscending.Content).toEqual(ascending.slice(10));
    });

    it('sorts and filters by order date, number, status and release', async () => {
      const byDate = await page<AgenturAuftragZeile>(url, { OrderBy: 'Auftragsdatum', Pagesize: 12 });
      expect(byDate.Content.map((row) => row.Auftragsdatum)).toEqual(
        [...byDate.Content.map((row) => row.Auftragsdatum)].sort(),
      );
      const in2026 = await page<AgenturAuftragZeile>(url, { Filter: { Auftragsdatum: '2026-01-01..' } });
      expect(in2026.TotalCount).toBe(6);
      const oneDay = await page<AgenturAuftragZeile>(url, { Filter: { Auftragsdatum: '2025-06-12' } });
      expect(oneDay.Content.map((row) => row.Auftragsnummer)).toEqual(['A-1002']);
      const offen = await page<AgenturAuftragZeile>(url, { Filter: { Status: 'Offen,Ok' }, Pagesize: 12 });
      expect(new Set(offen.Content.map((row) => row.Status))).toEqual(new Set(['Offen', 'Ok']));
      expect(offen.TotalCount).toBe(6);
      expect((await page(url, { Filter: { Freigabe: 'released' } })).TotalCount).toBe(0);
      expect((await page(url, { Filter: { Freigabe: 'pending' } })).TotalCount).toBe(12);
      const byNumber = await page<AgenturAuftragZeile>(url, { OrderBy: 'Auftragsnummer', Pagesize: 2 });
      expect(byNumber.Content.map((row) => row.Auftragsnummer)).toEqual(['A-1000', 'A-1001']);
      const text = await page<AgenturAuftragZeile>(url, { Filter: '71000003' });
      expect(text.Content.map((row) => row.Auftragsnummer)).toEqual(['A-1003']);
      const bad = await put(as.owner, url, { OrderBy: 'ProvisionCent' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'PSOF0013' });
    });

    it('exports the filtered set as CSV and XLSX with the wire row’s columns', async () => {
      const csv = await exportOf(url, 'csv', '?Filter.Auftragsdatum=2026-01-01..');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csvLines(csv.body);
      expect(lines[0]).toBe(
        'Auftragsnummer;Auftragsdatum;Produkt;Empfehlungsnummer;Empfehler;Mitarbeiter;Status;Freigabe;ProvisionCent',
      );
      expect(lines).toHaveLength(7);
      expect(lines[1]).toMatch(/^A-1011;2026-02-11;.*;71000011;Carla Kundin;Emil Mitarbeiter;Ok;pending;$/);
      expect(lines[2]).toMatch(/^A-1010;2026-02-10;.*;Offen;pending;70,00$/);
      const xlsx = await exportOf(url, 'xlsx');
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.rowCount).toBe(13);
      expect(sheet?.getRow(1).values).toContain('ProvisionCent');
      expect(sheet?.getRow(1).values).not.toContain('Erfasst');
      expect((await exportOf(AGENCY_REPORT_PATHS.orders(B_NR), 'xlsx')).statusCode).toBe(404);
      expect((await exportOf(url, 'csv', '?OrderBy=Nope')).statusCode).toBe(400);
    });

    it('is open to every role of SPEC 6; another agency sees only its own orders', async () => {
      expect((await page(url, {}, as.employee)).TotalCount).toBe(12);
      expect((await page(url, {}, as.inactiveOwner)).TotalCount).toBe(12);
      const b = await page<AgenturAuftragZeile>(AGENCY_REPORT_PATHS.orders(B_NR), {}, as.ownerB);
      expect(b.Content.map((row) => row.Auftragsnummer).sort()).toEqual(['B-0', 'B-1']);
      expect(b.Content.every((row) => row.ProvisionCent === null)).toBe(true);
      expect((await put(as.ownerB, url)).statusCode).toBe(404);
    });
  });

  describe('recommendations: PUT agentur/empfehlungen/{x}/', () => {
    const url = AGENCY_REPORT_PATHS.recommendations(A_NR);

    it('pages the recommendations of the agency’s recommenders, erased ones left out', async () => {
      const rows = await allPages<AgenturEmpfehlungZeile>(url, 10);
      expect(rows).toHaveLength(25);
      expect(rows[0]).toMatchObject({
        Empfehlungsnummer: '71000024',
        Datum: '2026-01-06T09:00:00',
        Empfehler: 'Carla Kundin',
        Mitarbeiter: 'Emil Mitarbeiter',
      });
      expect(
        rows.some((row) => row.Empfehlungsnummer.startsWith('72') || row.Empfehlungsnummer === '71009999'),
      ).toBe(false);
    });

    it('sorts and filters by status, channel and date', async () => {
      const offen = await page<AgenturEmpfehlungZeile>(url, { Filter: { Status: 'Offen' }, Pagesize: 25 });
      expect(offen.TotalCount).toBe(5);
      const byChannel = await page<AgenturEmpfehlungZeile>(url, { OrderBy: 'Channel', Pagesize: 25 });
      // Without a channel sorts first (coalesced to ''), never dropped.
      expect(byChannel.Content).toHaveLength(25);
      expect(byChannel.Content[0]?.Channel).toBeNull();
      const day = await page<AgenturEmpfehlungZeile>(url, { Filter: { Datum: '2026-01-05' }, Pagesize: 25 });
      // Berlin's 5 January ends at 23:00 UTC: the recommendations of 08:00 to 22:00 UTC.
      expect(day.TotalCount).toBe(15);
    });

    it('neutralises a formula in the CSV export', async () => {
      const csv = await exportOf(url, 'csv', '?Filter.Empfehlungsnummer=71000004');
      const lines = csvLines(csv.body);
      expect(lines[0]).toBe('Empfehlungsnummer;Datum;Empfehler;Mitarbeiter;Produkt;Status;Channel');
      expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    });

    it('is not for a missing ability, and not for another agency', async () => {
      expect((await page(url, {}, as.employee)).TotalCount).toBe(25);
      expect((await put(as.ownerB, url)).statusCode).toBe(404);
    });
  });

  describe('leads: PUT agentur/leads/{x}/', () => {
    const url = AGENCY_REPORT_PATHS.leads(A_NR);

    it('lists the friends masked, with the status they reached', async () => {
      const answer = await page<AgenturLeadZeile>(url);
      expect(answer.Content.map((row) => [row.Empfehlungsnummer, row.Empfaenger, row.Status])).toEqual([
        ['71000015', '***', 'Abgelaufen'],
        ['71000014', 'M*** M***', 'DatenErfasst'],
        ['71000013', 'M*** M***', 'Abgelaufen'],
        ['71000012', 'M*** M***', 'Bestaetigt'],
        ['71000000', 'M*** M***', 'Bestellt'],
      ]);
      expect(answer.Content[4]).toMatchObject({ Empfehler: 'Carla Kundin', Datum: '2026-01-05T09:00:00' });
      expect(JSON.stringify(answer)).not.toMatch(/Maria|Muster|freund\.example/);
    });

    it('sorts and filters by status', async () => {
      const expired = await page<AgenturLeadZeile>(url, { Filter: { Status: 'Abgelaufen' } });
      expect(expired.Content.map((row) => row.Empfehlungsnummer)).toEqual(['71000015', '71000013']);
      const byStatus = await page<AgenturLeadZeile>(url, { OrderBy: 'Status' });
      expect(byStatus.Content.map((row) => row.Status)).toEqual([
        'Abgelaufen',
        'Abgelaufen',
        'Bestaetigt',
        'Bestellt',
        'DatenErfasst',
      ]);
      const csv = csvLines((await exportOf(url, 'csv')).body);
      expect(csv[0]).toBe('Empfehlungsnummer;Datum;Empfaenger;Produkt;Empfehler;Status');
      expect(csv).toHaveLength(6);
      expect(csv.join('\n')).not.toMatch(/Maria|Muster/);
    });

    it('is part of the invitation tool: the inactive owner gets 403, the employee the list', async () => {
      const response = await put(as.inactiveOwner, url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PSOF0600' });
      expect((await page(url, {}, as.employee)).TotalCount).toBe(5);
      const b = await page<AgenturLeadZeile>(AGENCY_REPORT_PATHS.leads(B_NR), {}, as.ownerB);
      expect(b.Content.map((row) => row.Empfehlungsnummer)).toEqual(['72000000']);
    });
  });

  describe('invitations: PUT agentur/einladungen/{x}/', () => {
    const url = AGENCY_REPORT_PATHS.invitations(A_NR);

    it('lists the invitations with employee and status (an expired link shows Abgelaufen)', async () => {
      const answer = await page<AgenturEinladungZeile>(url);
      expect(answer.Content.map((row) => [row.Nachname, row.Art, row.Mitarbeiter, row.Status])).toEqual([
        ['Eingeladen4', 'VorOrt', 'M-99', 'Versendet'],
        ['Eingeladen3', 'Telefonisch', 'Emil Mitarbeiter', 'Registriert'],
        ['Eingeladen2', 'VorOrt', 'Emil Mitarbeiter', 'Abgelaufen'],
        ['Eingeladen1', 'Telefonisch', 'Emil Mitarbeiter', 'Versendet'],
      ]);
      expect(answer.Content[3]).toMatchObject({ Vorname: 'Ida', Email: 'ida.1@kunde.example' });
    });

    it('filters by status and art, sorts by name, exports with formulas neutralised', async () => {
      const sent = await page<AgenturEinladungZeile>(url, {
        Filter: { Status: 'Versendet', Art: 'Telefonisch' },
      });
      expect(sent.Content.map((row) => row.Nachname)).toEqual(['Eingeladen1']);
      const byName = await page<AgenturEinladungZeile>(url, { OrderBy: 'Nachname', Descending: true });
      expect(byName.Content[0]?.Nachname).toBe('Eingeladen4');
      const csv = csvLines((await exportOf(url, 'csv', '?Filter.Nachname=Eingeladen4')).body);
      expect(csv[0]).toBe('Id;Datum;Vorname;Nachname;Email;Art;Mitarbeiter;Status');
      expect(csv[1]).toContain(`;"'=HYPERLINK(""https://evil.example"",""x"")";Eingeladen4;`);
    });

    it('needs the invitation tool', async () => {
      expect((await put(as.inactiveOwner, url)).statusCode).toBe(403);
      expect((await page(url, {}, as.employee)).TotalCount).toBe(4);
      expect((await put(as.ownerB, url)).statusCode).toBe(404);
    });
  });

  describe('rewards: PUT agentur/praemien/{x}/', () => {
    const url = AGENCY_REPORT_PATHS.rewards(A_NR);

    it('lists the recommenders’ rewards (not the friends’ parts), with the chosen reward’s title', async () => {
      const answer = await page<AgenturPraemieZeile>(url);
      expect(answer.Content).toEqual([
        {
          Empfehlungsnummer: '71000002',
          Empfehler: 'Carla Kundin',
          Titel: null,
          WertCent: 1000,
          Status: 'Storniert',
          Datum: '2026-01-05T11:00:00',
        },
        expect.objectContaining({ Empfehlungsnummer: '71000001', WertCent: 3000, Status: 'Offen' }),
        expect.objectContaining({ Empfehlungsnummer: '71000000', Titel: 'ueberweisung', WertCent: 2500 }),
      ]);
    });

    it('sorts and filters by value and status; exports money as euros', async () => {
      const range = await page<AgenturPraemieZeile>(url, {
        Filter: { WertCent: '2000..3000' },
        OrderBy: 'WertCent',
      });
      expect(range.Content.map((row) => row.WertCent)).toEqual([2500, 3000]);
      const open = await page<AgenturPraemieZeile>(url, { Filter: { Status: 'Offen,Bereitgestellt' } });
      expect(open.TotalCount).toBe(2);
      const csv = csvLines((await exportOf(url, 'csv', '?OrderBy=WertCent&Descending=true')).body);
      expect(csv[0]).toBe('Empfehlungsnummer;Empfehler;Titel;WertCent;Status;Datum');
      expect(csv[1]).toBe('71000001;Carla Kundin;;30,00;Offen;2026-01-05 10:00:00');
    });

    it('is open to every role; another agency sees only its own', async () => {
      expect((await page(url, {}, as.inactiveOwner)).TotalCount).toBe(3);
      expect((await page(url, {}, as.employee)).TotalCount).toBe(3);
      const b = await page<AgenturPraemieZeile>(AGENCY_REPORT_PATHS.rewards(B_NR), {}, as.ownerB);
      expect(b.Content.map((row) => row.WertCent)).toEqual([4000]);
    });
  });

  it('documents every agency report route with its access rule', async () => {
    const spec = (await app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    const agencyPaths = Object.entries(spec.paths).filter(([path]) =>
      /agentur\/(\{nr\}|auftraege|empfehlungen|leads|einladungen|praemien)/.test(path),
    );
    expect(agencyPaths.length).toBeGreaterThanOrEqual(18);
    for (const [path, operations] of agencyPaths) {
      for (const operation of Object.values(operations)) {
        expect(operation.description, path).toMatch(/^Access: /);
      }
    }
  });
});
