import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPage, ReportQuery } from '../../schemas/reportQuery.ts';
import {
  type EmpfehlungReportZeile,
  productNameIn,
  recommendationReport,
} from '../../server/recommender/recommendationReport.ts';
import { prepareExport } from '../../server/reports/runReport.ts';
import { databases } from './helpers.ts';
import { ANNA, authHeaders, BEN, BETA_ANNA, buildPersonalApp, CARLA } from './personalAreaHelpers.ts';

/**
 * Issue 11: one table mechanism. The recommender's recommendations as a report (PUT …/report, GET
 * …/export.csv|xlsx): keyset paging behind SPEC 3's Pagenumber, filter, order, mandant and owner scope,
 * the catalogue's 400 for a bad query, CSV formula cells, and an XLSX that exceljs reads back.
 */
const REPORT = '/api/v1/alpha/empfehler/empfehlungen/report';
const ROWS = 57;
const STATUSES = ['Offen', 'Ok', 'Freigegeben', 'Gezahlt', 'Abgelaufen', 'Storniert'] as const;
/** Three moments only: many rows share a sort key, so only the id tie-breaker gives them one place. */
const MOMENTS = ['2026-01-10T09:00:00Z', '2026-02-20T12:30:00Z', '2026-03-05T23:30:00Z'];
const FORMULA = '=HYPERLINK("https://evil.example","x")';

const number = (prefix: number, i: number) => String(prefix * 1_000_000 + i).padStart(9, '0');

describe.each(databases)('reports: the recommender’s recommendations on $name', (database) => {
  let app: FastifyInstance;
  let carla: { authorization: string };
  let carlaId: string;
  const carlaNumbers = new Set<string>();
  const put = (headers: Record<string, string>, query: ReportQuery | Record<string, unknown>, url = REPORT) =>
    app.inject({ method: 'PUT', url, headers, payload: query });
  const page = async (query: ReportQuery, headers = carla) => {
    const response = await put(headers, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportPage<EmpfehlungReportZeile>>();
  };
  /** Carla's numbers in one ORDER BY of the whole table, without paging: what the pages must add up to. */
  const reference = async (column: 'Status' | 'Datum' | 'Channel', descending: boolean) => {
    const key = { Status: sql`status`, Datum: sql`created_at`, Channel: sql`coalesce(channel, '')` }[column];
    const direction = descending ? 'desc' : 'asc';
    const rows = await app.database.kysely
      .selectFrom('recommendation')
      .select('empfehlungsnummer')
      .where('mandant_id', '=', 'alpha')
      .where('account_id', '=', carlaId)
      .orderBy(key, direction)
      .orderBy('id', direction)
      .execute();
    return rows.map((row) => row.empfehlungsnummer);
  };
  /** Every page of a query, first to last. */
  const walk = async (query: ReportQuery, order: 'forward' | 'backward' = 'forward') => {
    const first = await page({ ...query, Pagenumber: 1 });
    const numbers = Array.from({ length: first.PageCount }, (_, i) => i + 1);
    const pages = new Map<number, EmpfehlungReportZeile[]>();
    for (const n of order === 'forward' ? numbers : numbers.reverse()) {
      pages.set(n, (await page({ ...query, Pagenumber: n })).Content);
    }
    return numbers.sort((a, b) => a - b).flatMap((n) => pages.get(n) ?? []);
  };

  beforeAll(async () => {
    app = await buildPersonalApp(database);
    carla = await authHeaders(app, 'alpha', CARLA);
    const db = app.database.kysely;
    const account = await db
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', CARLA.email)
      .executeTakeFirstOrThrow();
    carlaId = account.id;
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const empfehlungsnummer = number(7, i);
      carlaNumbers.add(empfehlungsnummer);
      return {
        mandant_id: 'alpha',
        empfehlungsnummer,
        link_hex: randomBytes(16).toString('hex'),
        account_id: carlaId,
        empfehler_email: CARLA.email,
        produkt_id: '601',
        status: STATUSES[i % STATUSES.length],
        channel: i === 13 ? FORMULA : ([null, 'email', 'whatsapp'][i % 3] ?? null),
        created_at: MOMENTS[i % MOMENTS.length],
        link_expires_at: new Date(Date.now() + 86_400_000),
      };
    });
    await db.insertInto('recommendation').values(rows).execute();
    // Carla's e-mail at beta, and another alpha recommender's rows: never in Carla's report.
    await db
      .insertInto('recommendation')
      .values([
        {
          mandant_id: 'beta',
          empfehlungsnummer: number(8, 1),
          link_hex: randomBytes(16).toString('hex'),
          empfehler_email: CARLA.email,
          produkt_id: '601',
          link_expires_at: new Date(Date.now() + 86_400_000),
        },
        {
          mandant_id: 'alpha',
          empfehlungsnummer: number(8, 2),
          link_hex: randomBytes(16).toString('hex'),
          empfehler_email: 'someone.else@alpha.example',
          produkt_id: '601',
          link_expires_at: new Date(Date.now() + 86_400_000),
        },
      ])
      .execute();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers a page with SPEC’s paging fields, newest first by default', async () => {
    const first = await page({ Pagesize: 10 });
    expect(first).toMatchObject({
      Pagenumber: 1,
      Pagesize: 10,
      HasNext: true,
      PageCount: 6,
      TotalCount: ROWS,
    });
    expect(first.Content).toHaveLength(10);
    expect(first.Content[0]).toMatchObject({ Datum: '2026-03-06T00:30:00', Produkt: 'NetzPlus Internet S' });
    const days = first.Content.map((row) => row.Datum);
    expect(days).toEqual([...days].sort().reverse());
    const last = await page({ Pagesize: 10, Pagenumber: 6 });
    expect(last).toMatchObject({ HasNext: false, TotalCount: ROWS });
    expect(last.Content).toHaveLength(7);
    expect((await page({ Pagesize: 10, Pagenumber: 7 })).Content).toEqual([]);
    // An empty query: the defaults (page 1 of 20); no body at all is no query.
    expect(await page({})).toMatchObject({ Pagenumber: 1, Pagesize: 20, PageCount: 3, TotalCount: ROWS });
    const bare = await app.inject({ method: 'PUT', url: REPORT, headers: carla });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'PSOF0013' });
  });

  it('is in the OpenAPI document', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: object }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/{mandant}/empfehler/empfehlungen/report',
        '/api/v1/{mandant}/empfehler/empfehlungen/report/export.csv',
        '/api/v1/{mandant}/empfehler/empfehlungen/report/export.xlsx',
      ]),
    );
  });

  it.each([
    ['Status', false],
    ['Status', true],
    ['Datum', false],
    ['Channel', true],
  ] as const)(
    'pages by %s (descending %s) over ties without losing or repeating a row',
    async (OrderBy, Descending) => {
      const query = { OrderBy, Descending, Pagesize: 10 };
      const forward = await walk(query);
      const numbers = forward.map((row) => row.Empfehlungsnummer);
      expect(numbers).toHaveLength(ROWS);
      expect(new Set(numbers)).toEqual(carlaNumbers);
      expect(numbers).toEqual(await reference(OrderBy, Descending));
      // Jumping backwards (no page end known: a skip over keys) gives the very same pages.
      const backward = await walk({ ...query, Pagesize: 9 }, 'backward');
      const again = await walk({ ...query, Pagesize: 9 });
      expect(backward.map((row) => row.Empfehlungsnummer)).toEqual(again.map((row) => row.Empfehlungsnummer));
      expect(again.map((row) => row.Empfehlungsnummer)).toEqual(numbers);
    },
  );

  it('orders by a column named in any case, ascending and descending', async () => {
    const up = await page({ OrderBy: 'empfehlungsnummer', Pagesize: 3 });
    expect(up.Content.map((row) => row.Empfehlungsnummer)).toEqual([
      number(7, 0),
      number(7, 1),
      number(7, 2),
    ]);
    const down = await page({ OrderBy: 'Empfehlungsnummer', Descending: true, Pagesize: 2 });
    expect(down.Content.map((row) => row.Empfehlungsnummer)).toEqual([number(7, 56), number(7, 55)]);
  });

  it('filters by enum values, a range of Berlin days, a text, and a text over the text columns', async () => {
    const offen = await page({ Filter: { Status: 'Offen,Ok' }, Pagesize: 100 });
    expect(offen.TotalCount).toBe(20);
    expect(new Set(offen.Content.map((row) => row.Status))).toEqual(new Set(['Offen', 'Ok']));
    // 2026-03-05T23:30Z is the 6th in Berlin.
    const march = await page({ Filter: { Datum: '2026-03-06' }, Pagesize: 100 });
    expect(march.TotalCount).toBe(19);
    const range = await page({
      Filter: { Datum: '2026-01-01..2026-02-28', Status: 'Gezahlt' },
      Pagesize: 100,
    });
    expect(range.Content.every((row) => row.Status === 'Gezahlt' && row.Datum < '2026-03')).toBe(true);
    expect(range.TotalCount).toBe(9);
    const whatsapp = await page({ Filter: { Channel: 'APP' }, Pagesize: 100 });
    expect(whatsapp.Content.every((row) => row.Channel === 'whatsapp')).toBe(true);
    expect(whatsapp.TotalCount).toBe(19);
    const search = await page({ Filter: number(7, 42), Pagesize: 100 });
    expect(search.Content.map((row) => row.Empfehlungsnummer)).toEqual([number(7, 42)]);
    // LIKE's own characters are taken literally.
    expect((await page({ Filter: { Channel: '%' } })).TotalCount).toBe(0);
  });

  it('shows only the logged-in recommender’s rows of this mandant', async () => {
    const all = await walk({ Pagesize: 100 });
    expect(new Set(all.map((row) => row.Empfehlungsnummer))).toEqual(carlaNumbers);
    const ben = await authHeaders(app, 'alpha', BEN);
    const bens = await page({ Pagesize: 100 }, ben);
    expect(bens.Content.map((row) => row.Empfehlungsnummer)).toEqual(['1000000101']);
    const anna = await page({ Pagesize: 100 }, await authHeaders(app, 'alpha', ANNA));
    expect(anna.TotalCount).toBe(6);
    // beta's Anna has alpha's Anna's e-mail: she sees beta's one recommendation, nothing of alpha.
    const betaAnna = await authHeaders(app, 'beta', BETA_ANNA);
    const beta = await put(betaAnna, { Pagesize: 100 }, '/api/v1/beta/empfehler/empfehlungen/report');
    expect(
      beta.json<ReportPage<EmpfehlungReportZeile>>().Content.map((row) => row.Empfehlungsnummer),
    ).toEqual(['1000000001']);
    // An alpha token for beta's report is no session there.
    expect((await put(carla, {}, '/api/v1/beta/empfehler/empfehlungen/report')).statusCode).toBe(401);
    expect((await put({}, {})).json()).toMatchObject({ code: 'PSOF0210' });
  });

  it.each([
    [{ OrderBy: 'Produkt' }, '/OrderBy'],
    [{ OrderBy: 'account_id' }, '/OrderBy'],
    [{ Pagesize: 101 }, '/Pagesize'],
    [{ Pagesize: 0 }, '/Pagesize'],
    [{ Pagenumber: 0 }, '/Pagenumber'],
    [{ Filter: { Produkt: 'x' } }, '/Filter/Produkt'],
    [{ Filter: { Status: 'Bezahlt' } }, '/Filter/Status'],
    [{ Filter: { Datum: '31.12.2026' } }, '/Filter/Datum'],
  ])('answers %j with 400 PSOF0013 pointing at %s', async (query, pointer) => {
    const response = await put(carla, query);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { pointer: string }[] }>();
    expect(body.code).toBe('PSOF0013');
    expect(body.details.map((detail) => detail.pointer)).toContain(pointer);
  });

  it('exports CSV in the report’s order and filter, a formula cell neutralised', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${REPORT}/export.csv?OrderBy=Empfehlungsnummer&Descending=true&Filter.Status=Offen,Ok,Gezahlt`,
      headers: carla,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="empfehlungen-alpha.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFEmpfehlungsnummer;Datum;Status;Produkt;Channel;Empfaenger;PraemieCent');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    const paged = await page({
      OrderBy: 'Empfehlungsnummer',
      Descending: true,
      Filter: { Status: 'Offen,Ok,Gezahlt' },
      Pagesize: 100,
    });
    expect(rows.map((line) => line.split(';')[0])).toEqual(paged.Content.map((row) => row.Empfehlungsnummer));
    const formula = rows.find((line) => line.startsWith(number(7, 13)));
    expect(formula).toBe(
      `${number(7, 13)};2026-02-20 13:30:00;Ok;NetzPlus Internet S;"'=HYPERLINK(""https://evil.example"",""x"")";;`,
    );
  });

  it('exports an XLSX that exceljs opens, with every row and typed cells', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${REPORT}/export.xlsx?OrderBy=Datum`,
      headers: carla,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Empfehlungen');
    expect(sheet?.rowCount).toBe(ROWS + 1);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Empfehlungsnummer',
      'Datum',
      'Status',
      'Produkt',
      'Channel',
      'Empfaenger',
      'PraemieCent',
    ]);
    const numbers = Array.from({ length: ROWS }, (_, i) => String(sheet?.getRow(i + 2).getCell(1).value));
    expect(new Set(numbers)).toEqual(carlaNumbers);
    // The Berlin wall-clock time of 2026-01-10T09:00Z, as a date cell.
    expect(sheet?.getRow(2).getCell(2).value).toEqual(new Date('2026-01-10T10:00:00Z'));
    const formula = numbers.indexOf(number(7, 13)) + 2;
    expect(sheet?.getRow(formula).getCell(5).value).toBe(FORMULA);
  });

  it('refuses a bad export query before sending anything, and needs a login', async () => {
    const bad = await app.inject({
      method: 'GET',
      url: `${REPORT}/export.csv?OrderBy=Produkt`,
      headers: carla,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'PSOF0013', details: [{ pointer: '/OrderBy' }] });
    expect((await app.inject({ method: 'GET', url: `${REPORT}/export.xlsx` })).statusCode).toBe(401);
  });

  it('walks an export in keyset chunks: every row once, in order', async () => {
    const chunks = prepareExport(
      app.database.kysely,
      recommendationReport,
      {
        mandantId: 'alpha',
        context: {
          owner: { mandantId: 'alpha', accountId: carlaId, email: CARLA.email },
          productName: productNameIn(app.productCatalogues.get('alpha')),
        },
        query: { OrderBy: 'Status', Descending: false },
      },
      8,
    );
    const sizes: number[] = [];
    const rows: EmpfehlungReportZeile[] = [];
    for await (const chunk of chunks) {
      sizes.push(chunk.length);
      rows.push(...chunk);
    }
    expect(sizes).toEqual([8, 8, 8, 8, 8, 8, 8, 1]);
    expect(rows.map((row) => row.Empfehlungsnummer)).toEqual(
      (await walk({ OrderBy: 'Status', Pagesize: 10 })).map((row) => row.Empfehlungsnummer),
    );
  });
});
