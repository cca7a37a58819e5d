import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgenturRechnung } from '../../schemas/agencyAdmin.ts';
import { createLastMonthsInvoices } from '../../server/agency/invoices/invoiceRoutes.ts';
import {
  ALPHA_COMPANY,
  agencyHeaders,
  buildAgencyAdminApp,
  pdfText,
  type SeededAgency,
  seedAgency,
  seedOrder,
  seedStaff,
} from './agencyAdminHelpers.ts';
import { databases } from './helpers.ts';

/** The programme's clock stands on 15 November 2026 (Berlin): September and October are finished months. */
const NOW = new Date('2026-11-15T10:00:00Z');
const IBAN = 'DE89370400440532013000';

describe.each(databases)('agency invoices on $name', (database) => {
  let app: FastifyInstance;
  let a: SeededAgency;
  let b: SeededAgency;
  let owner: string;
  let inactiveOwner: string;
  let employee: string;
  let ownerB: string;
  const ordersA: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildAgencyAdminApp(database, { clock: { now: () => NOW } });
    a = await seedAgency(app);
    b = await seedAgency(app, 'alpha', { steuernummer: '', ust_id: 'DE999999999' });
    owner = (await seedStaff(app, a, ['owner'])).token;
    inactiveOwner = (await seedStaff(app, a, ['inactiveOwner'])).token;
    employee = (await seedStaff(app, a, ['employee'])).token;
    ownerB = (await seedStaff(app, b, ['owner'])).token;

    // A's bank account, through the route (stored encrypted; the credit note prints it masked).
    const bank = await app.inject({
      method: 'PUT',
      url: '/api/v1/alpha/agentur/stammdaten',
      headers: agencyHeaders(owner),
      payload: {
        Firma: 'Agentur Sonnenschein GmbH',
        Strasse: 'Lindenallee 7',
        Plz: '50667',
        Ort: 'Köln',
        UstId: '',
        Steuernummer: '214/5678/9012',
        KontaktName: 'Sabine Sonne',
        KontaktEmail: 'sabine@sonnenschein.example',
        KontaktTelefon: '0221 123456',
        IBAN,
        Kontoinhaber: 'Agentur Sonnenschein GmbH',
      },
    });
    expect(bank.statusCode, bank.body).toBe(200);

    const plan = async (
      token: string,
      ProduktId: string,
      ProvisionCent: number,
      GueltigAb: string,
      GueltigBis?: string,
    ) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/agentur/praemienplan',
        headers: agencyHeaders(token),
        payload: { ProduktId, ProvisionCent, GueltigAb, ...(GueltigBis ? { GueltigBis } : {}) },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await plan(owner, '101', 2500, '2020-01-01', '2026-09-30');
    await plan(owner, '101', 3000, '2026-10-01');
    await plan(owner, '102', 1999, '2020-01-01');
    await plan(ownerB, '101', 1000, '2020-01-01');

    // September: one order.
    ordersA.sep = await seedOrder(app, a, { orderDate: '2026-09-10', releasedAt: '2026-09-12T10:00:00Z' });
    // Released 00:30 on 1 October in Berlin (22:30 UTC on 30 September): October's.
    ordersA.octFirstNight = await seedOrder(app, a, {
      produktId: '102',
      orderDate: '2026-09-20',
      releasedAt: '2026-09-30T22:30:00Z',
    });
    // Ordered on 30 September (old commission 25 €), released in October.
    ordersA.octOldRate = await seedOrder(app, a, {
      orderDate: '2026-09-30',
      releasedAt: '2026-10-05T09:00:00Z',
    });
    // Ordered and released in October under the ExterneId: new commission 30 €.
    ordersA.octNewRate = await seedOrder(app, a, {
      produktId: 'A-101',
      orderDate: '2026-10-02',
      releasedAt: '2026-10-06T09:00:00Z',
    });
    // Not billed: pending, rejected, cancelled, a product without a plan entry, released in November.
    ordersA.pending = await seedOrder(app, a, {
      orderDate: '2026-10-03',
      release: 'pending',
      releasedAt: null,
    });
    ordersA.rejected = await seedOrder(app, a, { orderDate: '2026-10-03', release: 'rejected' });
    ordersA.cancelled = await seedOrder(app, a, { orderDate: '2026-10-04', cancelled: true });
    ordersA.noPlan = await seedOrder(app, a, { produktId: '999', orderDate: '2026-10-04' });
    ordersA.november = await seedOrder(app, a, {
      orderDate: '2026-10-30',
      releasedAt: '2026-10-31T23:30:00Z',
    });
    // B's October order.
    await seedOrder(app, b, { orderDate: '2026-10-10' });
  });
  afterAll(() => app?.close());

  const create = (token: string, month: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/alpha/agentur/rechnungen/${month}`,
      headers: agencyHeaders(token),
    });
  const list = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/alpha/agentur/rechnungen', headers: agencyHeaders(token) });
  const pdf = (token: string, nummer: number | string, language = 'de') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/alpha/agentur/rechnungen/${nummer}.pdf`,
      headers: { ...agencyHeaders(token), 'x-accept-language': language },
    });

  it('numbers without gaps per agency, across agencies and months; a failed attempt takes no number', async () => {
    const september = await create(owner, '2026-09');
    expect(september.statusCode, september.body).toBe(201);
    expect(september.json<AgenturRechnung>()).toMatchObject({
      Nummer: 1,
      Rechnungsnummer: `GS-${a.nummer}-00001`,
      Monat: '2026-09',
      Rechnungsdatum: '2026-11-15',
      Positionen: 1,
      NettoCent: 2500,
      UstSatzPromille: 190,
      UstCent: 475,
      BruttoCent: 2975,
    });
    // August: nothing released, 409, and no number used up.
    const august = await create(owner, '2026-08');
    expect(august.statusCode).toBe(409);
    expect(august.json().code).toBe('PSOF0647');

    const octoberB = await create(ownerB, '2026-10');
    expect(octoberB.statusCode, octoberB.body).toBe(201);
    expect(octoberB.json<AgenturRechnung>()).toMatchObject({
      Nummer: 1,
      NettoCent: 1000,
      UstCent: 190,
      BruttoCent: 1190,
    });

    const october = await create(inactiveOwner, '2026-10');
    expect(october.statusCode, october.body).toBe(201);
    // 19,99 + 25 + 30 = 74,99 €; 19 % = 14,2481 → 14,25 € (half up on the total).
    expect(october.json<AgenturRechnung>()).toMatchObject({
      Nummer: 2,
      Rechnungsnummer: `GS-${a.nummer}-00002`,
      Positionen: 3,
      NettoCent: 7499,
      UstCent: 1425,
      BruttoCent: 8924,
    });

    // A second run for the month is a no-op: the same credit note, 200, the counter unchanged.
    const again = await create(owner, '2026-10');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(october.json());
    const counters = await app.database.kysely
      .selectFrom('agency')
      .select(['id', 'last_invoice_number'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(Object.fromEntries(counters.map((row) => [row.id, row.last_invoice_number]))).toEqual({
      [a.id]: 2,
      [b.id]: 1,
    });

    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<AgenturRechnung[]>().map((invoice) => [invoice.Nummer, invoice.Monat])).toEqual([
      [2, '2026-10'],
      [1, '2026-09'],
    ]);
    expect((await list(ownerB)).json<AgenturRechnung[]>().map((invoice) => invoice.Nummer)).toEqual([1]);
  });

  it('the lines are the released orders of the month (Berlin time) with the commission valid on the order date', async () => {
    const row = await app.database.kysely
      .selectFrom('agency_invoice')
      .select('positionen')
      .where('agency_id', '=', a.id)
      .where('rechnungsnummer', '=', 2)
      .executeTakeFirstOrThrow();
    const lines = row.positionen as {
      Auftragsnummer: string;
      ProvisionCent: number;
      Produkt: string | null;
    }[];
    expect(Object.fromEntries(lines.map((line) => [line.Auftragsnummer, line.ProvisionCent]))).toEqual({
      [ordersA.octFirstNight as string]: 1999,
      [ordersA.octOldRate as string]: 2500,
      [ordersA.octNewRate as string]: 3000,
    });
    expect(lines.every((line) => line.Produkt !== null)).toBe(true);
  });

  it('the PDF holds every field § 14 Abs. 4 UStG asks for, and the word Gutschrift', async () => {
    const response = await pdf(owner, 2);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`GS-${a.nummer}-00002.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const expected = [
      // § 14 Abs. 4 Nr. 10: a credit note says so.
      'Gutschrift',
      // Nr. 1: full name and address of the supplier (the agency) and of the recipient (the mandant).
      'Agentur Sonnenschein GmbH',
      'Lindenallee 7',
      '50667 Köln',
      ALPHA_COMPANY.name,
      ALPHA_COMPANY.street,
      `${ALPHA_COMPANY.postalCode} ${ALPHA_COMPANY.city}`,
      // Nr. 2: the supplier's tax number.
      'Steuernummer: 214/5678/9012',
      // Nr. 3: the date; Nr. 4: the sequential number.
      'Gutschriftdatum 15.11.2026',
      `Gutschriftnummer GS-${a.nummer}-00002`,
      // Nr. 5: quantity and kind of the service; Nr. 6: its time.
      '3 vermittelte Aufträge: Provision für die Vermittlung von Aufträgen',
      'Leistungszeitraum 01.10.2026 – 31.10.2026',
      ordersA.octOldRate as string,
      'Hausratversicherung',
      // Nr. 7: net by tax rate; Nr. 8: the rate and the tax; and the gross.
      'Nettobetrag (Steuersatz 19 %) 74,99 €',
      'Umsatzsteuer 19 % 14,25 €',
      'Gesamtbetrag (brutto) 89,24 €',
      // Where the money goes: masked.
      'DE89 **** **** **** **30 00',
    ];
    for (const field of expected) expect(text, field).toContain(field);
    expect(text).not.toContain('0532013000');
    expect(text).not.toContain(ordersA.pending as string);
    expect(text).not.toContain(ordersA.november as string);
  });

  it('the PDF in English on request, and the USt-IdNr when the agency gave that instead', async () => {
    const english = pdfText((await pdf(owner, 1, 'en')).rawPayload);
    expect(english).toContain('Gutschrift (self-billing credit note)');
    expect(english).toContain('Period of service 01.09.2026 – 30.09.2026');
    const ofB = pdfText((await pdf(ownerB, 1)).rawPayload);
    expect(ofB).toContain('USt-IdNr.: DE999999999');
    expect(ofB).not.toContain('Sonnenschein');
  });

  it('another agency’s credit note is 404 PSOF0601; so is a number that is not one', async () => {
    for (const nummer of [2, 0, 'abc', '1e3']) {
      const response = await pdf(ownerB, nummer);
      expect(response.statusCode, String(nummer)).toBe(404);
      expect(response.json().code).toBe('PSOF0601');
    }
  });

  it('the employee sees no invoices; the inactive owner does (SPEC 6)', async () => {
    for (const response of [
      await list(employee),
      await pdf(employee, 1),
      await create(employee, '2026-09'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PSOF0600');
    }
    expect((await list(inactiveOwner)).statusCode).toBe(200);
    expect((await pdf(inactiveOwner, 1)).statusCode).toBe(200);
  });

  it('the current or a future month is 409 PSOF0645; a malformed month 400', async () => {
    for (const month of ['2026-11', '2027-01']) {
      const response = await create(owner, month);
      expect(response.statusCode, month).toBe(409);
      expect(response.json().code).toBe('PSOF0645');
    }
    const malformed = await create(owner, '2026-13');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('PSOF0013');
  });

  it('master data without a tax number: 409 PSOF0646; a mandant without programme.company: 409 PSOF0648', async () => {
    const noTax = await seedAgency(app, 'alpha', { steuernummer: '', ust_id: '' });
    const token = (await seedStaff(app, noTax, ['owner'])).token;
    await seedOrder(app, noTax, { orderDate: '2026-10-10' });
    const missing = await create(token, '2026-10');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('PSOF0646');

    const strict = await seedAgency(app, 'strict');
    const strictToken = (await seedStaff(app, strict, ['owner'])).token;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/strict/agentur/rechnungen/2026-10',
      headers: agencyHeaders(strictToken),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('PSOF0648');
  });

  it('the job makes last month’s credit note of every agency that has none, once', async () => {
    const late = await seedAgency(app);
    const lateOwner = (await seedStaff(app, late, ['owner'])).token;
    const entry = await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/agentur/praemienplan',
      headers: agencyHeaders(lateOwner),
      payload: { ProduktId: '102', ProvisionCent: 1234, GueltigAb: '2026-01-01' },
    });
    expect(entry.statusCode).toBe(201);
    await seedOrder(app, late, { produktId: '102', orderDate: '2026-10-20' });

    expect(await app.jobs.run('createAgencyInvoices')).toBe(1);
    const made = (await list(lateOwner)).json<AgenturRechnung[]>();
    expect(made).toEqual([expect.objectContaining({ Nummer: 1, Monat: '2026-10', NettoCent: 1234 })]);
    expect(await createLastMonthsInvoices(app)).toBe(0);
    // A and B kept theirs.
    expect((await list(owner)).json<AgenturRechnung[]>()).toHaveLength(2);
  });

  it('two calls for the same month at once make one credit note with number 1', async () => {
    const fresh = await seedAgency(app);
    const token = (await seedStaff(app, fresh, ['owner'])).token;
    await app.inject({
      method: 'POST',
      url: '/api/v1/alpha/agentur/praemienplan',
      headers: agencyHeaders(token),
      payload: { ProduktId: '101', ProvisionCent: 500, GueltigAb: '2026-01-01' },
    });
    await seedOrder(app, fresh, { orderDate: '2026-09-01' });
    const answers = await Promise.all([create(token, '2026-09'), create(token, '2026-09')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers.map((answer) => answer.json<AgenturRechnung>().Nummer)).toEqual([1, 1]);
  });
});
