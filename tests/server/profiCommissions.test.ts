import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { berlinMonth } from '../../domain/invoice.ts';
import type { ProfiAuftrag, ProfiGutschrift, ProfiProvision, ProfiUebersicht } from '../../schemas/profi.ts';
import { decideAgencyOrder } from '../../server/agency/reports/agencyOrderRelease.ts';
import { DEMO_PROFI_EMAIL } from '../../server/demo/demoProfiPlugin.ts';
import { currentAgreementVersion, profiIbanCipherContext } from '../../server/profi/account/profiSellers.ts';
import { profiCreditNoteDeps } from '../../server/profi/creditNotes/profiCreditNoteRoutes.ts';
import { createProfiCreditNote } from '../../server/profi/creditNotes/profiCreditNotes.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { ALPHA_COMPANY, pdfText } from './agencyAdminHelpers.ts';
import { bearer, buildTestApp, copyFixture, databases, TEST_SESSION_SECRET } from './helpers.ts';
import {
  berlinDay,
  CLAIM_DAYS,
  confirmedReferral,
  DEBTOR_IBAN,
  INTEGRATION_SECRET,
  integration,
  rewardsOf,
  TestClock,
} from './orderHelpers.ts';
import { RECOMMEND_MANDANTS } from './recommendHelpers.ts';

const XSD = fileURLToPath(new URL('../fixtures/sepa/pain.001.001.09.xsd', import.meta.url));

/** A fixed-line product of the telko kind with a Provision text and a 40 € reward. */
function festnetz(id: number, provision: string) {
  return {
    Id: id,
    ExterneId: `A-${id}`,
    Kategorie: 'DP',
    Name: `INTERNET_${id}`,
    Young: false,
    Hybrid: false,
    Gruppe: 'internet',
    Klasse: 'S',
    PreisMonatlich: 2995,
    PreisEinmalig: 6995,
    AnzeigeName: `NetzPlus ${id}`,
    Beschreibung1: 'Surfen',
    Beschreibung2: 'Telefon',
    Beschreibung3: 'WLAN',
    Beschreibung4: '24 Monate',
    Provision: provision,
    TelekomProduktId: `NP-${id}`,
    Fussnote: null,
    Preisaufteilung: null,
    Aktionsname: null,
    Aktionsrabatt: 0,
    Praemien: [
      {
        Id: 1,
        Titel: 'Prämie',
        Startdatum: '2020-01-01T00:00:00',
        Enddatum: null,
        EnddatumAnzeige: null,
        WertCent: 4000,
      },
    ],
  };
}

/**
 * The order tests' alpha (orderHelpers.ts buildOrderTestApp: integration key, payout account, 14-day claim
 * period, recipient's part capped at 15 €) as a data-driven mandant whose fixed-line products 101
 * (standard;7000) and 102 (standard;0) carry Provision texts, with a company for the credit notes.
 */
async function buildProfiApp(database: (typeof databases)[number], clock: TestClock) {
  const fixture = await copyFixture(RECOMMEND_MANDANTS);
  const alpha = path.join(fixture.dir, 'alpha');
  const config = JSON.parse(await readFile(path.join(alpha, 'mandant.json'), 'utf8'));
  await writeFile(
    path.join(alpha, 'mandant.json'),
    JSON.stringify({
      ...config,
      // The reward mail (the recipient's share) links to the reward choice.
      routes: { ...(config.routes as Record<string, string> | undefined), Reward: '/praemie' },
      produktApi: 'data-driven',
      ModuleStoringBankdata: true,
      ModuleAuftragsdatumMindestalterTage: CLAIM_DAYS,
      MaxEmpfaengerPraemieCent: 1500,
      programme: {
        integrationKeys: [{ id: 'crm', secretEnv: 'ALPHA_CRM_SECRET' }],
        payout: { debtorName: 'Alpha Versicherung AG', debtorIban: DEBTOR_IBAN, debtorBic: 'COBADEFFXXX' },
        rewardChoiceDays: 30,
        company: ALPHA_COMPANY,
        profiExtras: [
          { Id: 'aktion-103', ProduktIds: ['103'], ExtraCent: 1500, Von: '2020-01-01', Bis: null },
          { Id: 'vorbei', ProduktIds: ['A-103'], ExtraCent: 999, Von: '2020-01-01', Bis: '2020-12-31' },
        ],
      },
    }),
  );
  await rm(path.join(alpha, 'products', 'generisch.json'));
  await writeFile(
    path.join(alpha, 'products', 'festnetz.json'),
    JSON.stringify({
      festnetz: [festnetz(101, 'standard;7000'), festnetz(102, 'standard;0'), festnetz(103, 'standard;5000')],
    }),
  );
  await writeFile(
    path.join(alpha, 'praemien.json'),
    JSON.stringify({
      praemien: [
        {
          Id: 'ueberweisung',
          Art: 'Geld',
          Titel: 'Überweisung',
          Beschreibung: 'Überweisung',
          Startdatum: '2020-01-01T00:00:00',
          Enddatum: null,
          EnddatumAnzeige: null,
          Grafik: 'praemie.svg',
        },
      ],
    }),
  );
  await writeFile(
    path.join(fixture.dir, '_base', 'pages', 'Reward.json'),
    JSON.stringify({
      title: 'home.title',
      blocks: [{ id: 'hero', type: 'Hero', props: { headline: 'home.headline' } }],
    }),
  );
  await mkdir(path.join(alpha, 'assets'), { recursive: true });
  await writeFile(
    path.join(alpha, 'assets', 'praemie.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
  );
  try {
    return await buildTestApp(database, {
      mandantsDir: fixture.dir,
      sessionSecret: TEST_SESSION_SECRET,
      env: { ALPHA_CRM_SECRET: INTEGRATION_SECRET },
      clock,
      setup: (app) => app.addHook('onClose', fixture.remove),
    });
  } catch (error) {
    await fixture.remove();
    throw error;
  }
}

interface Seller {
  id: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

describe.each(databases)('profi-seller commissions and credit notes on $name', (database) => {
  let app: FastifyInstance;
  const clock = new TestClock();
  const today = () => berlinDay(clock.now());
  const sellers: Record<string, Seller> = {};
  let billedMonth = '';

  let serial = 0;
  const agreementVersion = () => {
    const alpha = app.mandants.get('alpha');
    if (!alpha) throw new Error('no alpha');
    return currentAgreementVersion(alpha);
  };
  async function makeSeller(
    name: string,
    data: {
      steuerstatus: 'kleinunternehmer' | 'regelbesteuert';
      iban?: string;
      tax?: boolean;
      signed?: boolean;
    },
  ): Promise<Seller> {
    serial += 1;
    const db = app.database.kysely;
    const email = `${name}.${serial}@profi.example`;
    const account = await db
      .insertInto('account')
      .values({
        mandant_id: 'alpha',
        email,
        password_hash: 'x',
        vorname: name,
        nachname: 'Verkauf',
        empfehler_hash: randomBytes(12).toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seller = await db
      .insertInto('profi_seller')
      .values({
        mandant_id: 'alpha',
        account_id: account.id,
        profinummer: `P-${String(100000 + serial)}`,
        art: 'person',
        strasse: 'Marktweg 3',
        plz: '20095',
        ort: 'Hamburg',
        steuerstatus: data.steuerstatus,
        steuernummer: data.tax === false ? '' : '2893081508152',
        ust_id: data.tax === false || data.steuerstatus === 'kleinunternehmer' ? '' : 'DE123456789',
        iban_encrypted: data.iban
          ? app.fieldCipher.encrypt(data.iban, profiIbanCipherContext('alpha'))
          : null,
        kontoinhaber: data.iban ? `${name} Verkauf` : null,
        vereinbarung_version: data.signed === false ? null : agreementVersion(),
        vereinbarung_at: data.signed === false ? null : clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await app.sessionTokens.issue('user', 'alpha', account.id);
    const made = { id: seller.id, email, token, headers: bearer(token) };
    sellers[name] = made;
    return made;
  }

  const placeOrder = (nr: string, auftragsnummer: string, produktId = '101') =>
    integration(app, 'events', {
      Typ: 'order.placed',
      Empfehlungsnummer: nr,
      Auftragsnummer: auftragsnummer,
      ProduktId: produktId,
      Auftragsdatum: today(),
    });
  const event = (Typ: string, Auftragsnummer: string) => integration(app, 'events', { Typ, Auftragsnummer });

  /** A seller's recommendation (made logged in) with a confirmed friend, and its order. */
  async function sellersOrder(
    seller: Seller,
    auftragsnummer: string,
    produktId = '101',
    produkt = 101,
  ): Promise<string> {
    // One open recommendation per product and recommender: a seller's second one names another product.
    const referral = await confirmedReferral(app, {
      headers: seller.headers,
      recommenderEmail: seller.email,
      produkt,
    });
    const placed = await placeOrder(referral.nr, auftragsnummer, produktId);
    expect(placed.statusCode, placed.body).toBe(200);
    return referral.nr;
  }

  const get = (seller: Seller, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/alpha/${url}`, headers: { ...seller.headers, ...headers } });

  const commissionOf = (auftragsnummer: string) =>
    app.database.kysely
      .selectFrom('profi_commission as c')
      .innerJoin('customer_order as o', 'o.id', 'c.order_id')
      .select(['c.status', 'c.basis_cent', 'c.profi_seller_id', 'c.credit_note_id'])
      .where('o.external_order_id', '=', auftragsnummer)
      .executeTakeFirst();

  /** Moves the clock to the 2nd of the next Berlin month. */
  function advanceIntoNextMonth(): void {
    const month = berlinMonth(clock.now());
    while (berlinMonth(clock.now()) === month) clock.advanceDays(1);
    clock.advanceDays(1);
  }

  beforeAll(async () => {
    app = await buildProfiApp(database, clock);
    await makeSeller('anton', { steuerstatus: 'kleinunternehmer', iban: 'DE75512108001245126199' });
    await makeSeller('berta', { steuerstatus: 'regelbesteuert', signed: false });
    await makeSeller('carl', {
      steuerstatus: 'kleinunternehmer',
      tax: false,
      iban: 'DE02120300000000202051',
    });
    for (const name of ['dora', 'emil', 'frida']) {
      await makeSeller(name, { steuerstatus: 'kleinunternehmer', iban: 'DE02100100100006820101' });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('an order on a seller’s recommendation earns a pending commission and no recommender reward', async () => {
    const anton = sellers.anton as Seller;
    const nr = await sellersOrder(anton, 'P-1');
    const recommendation = await app.database.kysely
      .selectFrom('recommendation')
      .select('profi_seller_id')
      .where('empfehlungsnummer', '=', nr)
      .executeTakeFirstOrThrow();
    expect(recommendation.profi_seller_id).toBe(anton.id);
    expect(await commissionOf('P-1')).toMatchObject({
      status: 'pending',
      basis_cent: 7000,
      profi_seller_id: anton.id,
    });
    // The recipient's share stays (40 € split 50:50, capped at 15 €); the recommender's 20 € is not made.
    expect((await rewardsOf(app, nr)).map((r) => [r.beneficiary, r.wert_cent])).toEqual([
      ['recipient', 1500],
    ]);
    // Nor is the seller told that a reward is on its way (the "order received" mail promises one).
    const toAnton = await app.database.kysely
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', anton.email)
      .execute();
    const subjects = toAnton.map((mail) => mail.subject);
    expect(subjects).toContain(`Ihre Empfehlung ${nr}: Ihr Kontakt hat zugestimmt`);
    expect(subjects).not.toContain(`Ihre Empfehlung ${nr}: Auftrag eingegangen`);

    const lines = await get(anton, 'profi/provisionen');
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json<ProfiProvision[]>()).toEqual([
      expect.objectContaining({
        Auftragsnummer: 'P-1',
        ProduktId: '101',
        Produkt: 'NetzPlus 101',
        Datum: today(),
        BasisCent: 7000,
        ExtraCent: 0,
        BetragCent: 7000,
        Status: 'Offen',
        Grund: 'WartetAufBestaetigung',
        Gutschrift: null,
      }),
    ]);

    // A plain recommender's order still earns the recommender's reward and no commission.
    const plain = await confirmedReferral(app);
    expect((await placeOrder(plain.nr, 'R-1')).statusCode).toBe(200);
    expect(await commissionOf('R-1')).toBeUndefined();
    expect((await rewardsOf(app, plain.nr)).map((r) => r.beneficiary)).toEqual(['recommender', 'recipient']);
  });

  it('a product without a Provision earns nothing (KeineProvision); a cancelled order cancels its commission', async () => {
    const anton = sellers.anton as Seller;
    // A recommendation of 102 ordered as 101, cancelled: the recommendation is over, so 102 again.
    await sellersOrder(anton, '=P-2', '101', 102);
    expect((await event('order.cancelled', '=P-2')).statusCode).toBe(200);
    await sellersOrder(anton, 'P-0', '102', 102);
    expect(await commissionOf('P-0')).toMatchObject({ status: 'pending', basis_cent: 0 });
    expect(await commissionOf('=P-2')).toMatchObject({ status: 'cancelled' });
    const lines = (await get(anton, 'profi/provisionen')).json<ProfiProvision[]>();
    expect(lines.find((line) => line.Auftragsnummer === 'P-0')).toMatchObject({ Grund: 'KeineProvision' });
    expect(lines.find((line) => line.Auftragsnummer === '=P-2')).toMatchObject({
      Status: 'Storniert',
      Grund: 'AuftragStorniert',
    });
    const orders = (await get(anton, 'profi/auftraege')).json<ProfiAuftrag[]>();
    expect(orders.find((order) => order.Auftragsnummer === '=P-2')).toMatchObject({
      Status: 'Storniert',
      ProvisionStatus: 'Storniert',
    });
  });

  it("an agency's rejection of a seller's order cancels its pending commission (it would wait for a release that never comes)", async () => {
    const db = app.database.kysely;
    const agency = await db
      .insertInto('agency')
      .values({ mandant_id: 'alpha', agenturnummer: 'AG-PROFI', firma: 'Agentur Nord GmbH' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await db
      .insertInto('agency_user')
      .values({
        mandant_id: 'alpha',
        email: 'inhaber@agentur-nord.example',
        name: 'Ina Inhaber',
        roles: ['owner'],
        agency_id: agency.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gustav = await makeSeller('gustav', { steuerstatus: 'kleinunternehmer' });
    await db
      .updateTable('account')
      .set({ agency_id: agency.id })
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', gustav.email)
      .execute();
    await sellersOrder(gustav, 'P-AG-1');
    expect(await commissionOf('P-AG-1')).toMatchObject({ status: 'pending' });
    const alpha = app.mandants.get('alpha');
    if (!alpha) throw new Error('no alpha');
    const decided = await decideAgencyOrder(db, app.orderDeps, alpha, {
      agencyId: agency.id,
      userId: owner.id,
      auftragsnummer: 'P-AG-1',
      decision: 'rejected',
    });
    expect(decided.Freigabe).toBe('rejected');
    expect(await commissionOf('P-AG-1')).toMatchObject({ status: 'cancelled' });
    const lines = (await get(gustav, 'profi/provisionen')).json<ProfiProvision[]>();
    expect(lines.find((line) => line.Auftragsnummer === 'P-AG-1')).toMatchObject({ Status: 'Storniert' });
  });

  it('adds the campaign extras whose window holds the order day', async () => {
    const gustav = await makeSeller('gustav', { steuerstatus: 'kleinunternehmer' });
    await sellersOrder(gustav, 'P-extra', '103', 103);
    const row = await app.database.kysely
      .selectFrom('profi_commission')
      .select(['basis_cent', 'extra_cent', 'extras'])
      .where('profi_seller_id', '=', gustav.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ basis_cent: 5000, extra_cent: 1500, extras: ['aktion-103'] });
    expect((await get(gustav, 'profi/provisionen')).json<ProfiProvision[]>()).toEqual([
      expect.objectContaining({ BasisCent: 5000, ExtraCent: 1500, BetragCent: 6500, Status: 'Offen' }),
    ]);
  });

  it('the client confirms, the claim period passes, the release approves the commission', async () => {
    const anton = sellers.anton as Seller;
    for (const name of ['berta', 'carl', 'dora', 'emil', 'frida']) {
      await sellersOrder(sellers[name] as Seller, `P-${name}`);
    }
    for (const nr of ['P-1', 'P-0', 'P-berta', 'P-carl', 'P-dora', 'P-emil', 'P-frida']) {
      expect((await event('contract.concluded', nr)).statusCode).toBe(200);
    }
    const confirmed = (await get(anton, 'profi/auftraege')).json<ProfiAuftrag[]>();
    expect(confirmed.find((order) => order.Auftragsnummer === 'P-1')).toMatchObject({
      Status: 'Bestaetigt',
      ProvisionStatus: 'Offen',
      ProvisionCent: 7000,
    });
    expect(
      (await get(anton, 'profi/provisionen'))
        .json<ProfiProvision[]>()
        .find((l) => l.Auftragsnummer === 'P-1'),
    ).toMatchObject({ Grund: 'WartetAufWiderrufsfrist' });

    clock.advanceDays(CLAIM_DAYS + 1);
    expect(await app.jobs.run('releaseDueOrders')).toBeGreaterThanOrEqual(7);
    expect(await commissionOf('P-1')).toMatchObject({ status: 'approved' });
    billedMonth = berlinMonth(clock.now());
    const released = (await get(anton, 'profi/auftraege')).json<ProfiAuftrag[]>();
    expect(released.find((order) => order.Auftragsnummer === 'P-1')).toMatchObject({
      Status: 'Freigegeben',
      ProvisionStatus: 'Freigegeben',
    });
    expect(
      (await get(anton, 'profi/provisionen'))
        .json<ProfiProvision[]>()
        .find((l) => l.Auftragsnummer === 'P-1'),
    ).toMatchObject({ Status: 'Freigegeben', Grund: 'FreigegebenNaechsteGutschrift' });

    const overview = await get(anton, 'profi/uebersicht');
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json<ProfiUebersicht>()).toMatchObject({
      Name: expect.stringContaining('anton'),
      Monat: billedMonth,
      FreigegebenCent: 7000,
      AusgezahltCent: 0,
      Aufgaben: [],
    });
    expect(overview.json<ProfiUebersicht>().LetzteAuftraege.map((order) => order.Auftragsnummer)).toEqual([
      'P-0',
      '=P-2',
      'P-1',
    ]);
    // Berta has neither bank data nor a signed agreement.
    expect((await get(sellers.berta as Seller, 'profi/uebersicht')).json<ProfiUebersicht>().Aufgaben).toEqual(
      ['Bankdaten', 'Vereinbarung'],
    );
  });

  it('pages the orders by cursor, filters and exports them with formulas neutralised', async () => {
    const anton = sellers.anton as Seller;
    const first = await get(anton, 'profi/auftraege?Pagesize=2');
    expect(first.json<ProfiAuftrag[]>().map((order) => order.Auftragsnummer)).toEqual(['P-0', '=P-2']);
    const cursor = String(first.headers['x-next-cursor']);
    expect(first.headers.link).toContain('rel="next"');
    const second = await get(anton, `profi/auftraege?Pagesize=2&Cursor=${cursor}`);
    expect(second.json<ProfiAuftrag[]>().map((order) => order.Auftragsnummer)).toEqual(['P-1']);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    const ascending = await get(anton, 'profi/auftraege?OrderBy=Auftragsnummer&Pagesize=2');
    expect(ascending.json<ProfiAuftrag[]>().map((order) => order.Auftragsnummer)).toEqual(['=P-2', 'P-0']);
    const cancelled = await get(anton, 'profi/auftraege?Filter.Status=Storniert');
    expect(cancelled.json<ProfiAuftrag[]>().map((order) => order.Auftragsnummer)).toEqual(['=P-2']);
    const period = await get(anton, `profi/auftraege?Filter.Datum=${today()}..`);
    expect(period.json<ProfiAuftrag[]>()).toEqual([]);

    expect((await get(anton, 'profi/auftraege?Pagesize=0')).json().code).toBe('PSOF0922');
    expect((await get(anton, 'profi/auftraege?Pagesize=101')).json().code).toBe('PSOF0922');
    expect((await get(anton, 'profi/auftraege?Cursor=nonsense!')).json().code).toBe('PSOF0920');
    // The cursor of another filter, or of another seller, starts nowhere.
    expect((await get(anton, `profi/auftraege?Filter.Status=Storniert&Cursor=${cursor}`)).json().code).toBe(
      'PSOF0921',
    );
    expect((await get(sellers.berta as Seller, `profi/auftraege?Cursor=${cursor}`)).json().code).toBe(
      'PSOF0921',
    );
    // A forged key (the tag copied, the key not a time) is a 400, never a failed cast.
    const forged = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const bad = Buffer.from(JSON.stringify({ ...forged, k: '2026-02-30 10:00:00+00' })).toString('base64url');
    expect((await get(anton, `profi/auftraege?Pagesize=2&Cursor=${bad}`)).json().code).toBe('PSOF0920');
    expect((await get(anton, 'profi/auftraege?OrderBy=Geheim')).statusCode).toBe(400);
    expect((await get(anton, 'profi/auftraege?Filter.Status=Unbekannt')).statusCode).toBe(400);
    // Berta sees only her own order.
    expect(
      (await get(sellers.berta as Seller, 'profi/auftraege'))
        .json<ProfiAuftrag[]>()
        .map((o) => o.Auftragsnummer),
    ).toEqual(['P-berta']);

    const csv = await get(anton, 'profi/auftraege.csv?OrderBy=Auftragsnummer');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Auftragsnummer;Empfehlungsnummer;ProduktId;Produkt;Datum;Status;ProvisionCent;ProvisionStatus',
    );
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^'=P-2;/);
    expect(rows.join('\n')).toContain('P-1;');
    expect(rows.join('\n')).not.toContain('P-berta');
    const xlsx = await get(anton, 'profi/auftraege.xlsx?Filter.Status=Freigegeben');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('makes one credit note per seller and finished month, numbered without gaps, also when made at once', async () => {
    const deps = profiCreditNoteDeps(app);
    const mandant = app.mandants.get('alpha');
    if (!mandant) throw new Error('no alpha');
    const scope = (name: string) => ({ mandantId: 'alpha', sellerId: (sellers[name] as Seller).id });
    // The month is not over yet.
    await expect(createProfiCreditNote(deps, mandant, scope('anton'), billedMonth)).rejects.toMatchObject({
      code: 'PSOF0960',
    });
    expect(await app.jobs.run('createProfiCreditNotes')).toBe(0);
    advanceIntoNextMonth();
    // Another mandant's counter is its own.
    await app.database.kysely
      .insertInto('profi_credit_note_counter')
      .values({ mandant_id: 'strict', last_number: 41 })
      .execute();

    // Carl has no tax number: refused, and the refusal takes no number; the others at once.
    const attempts = await Promise.allSettled(
      ['carl', 'anton', 'berta', 'dora', 'emil', 'frida'].map((name) =>
        createProfiCreditNote(deps, mandant, scope(name), billedMonth),
      ),
    );
    expect(attempts[0]).toMatchObject({ status: 'rejected', reason: { code: 'PSOF0961' } });
    const numbers = attempts
      .slice(1)
      .map((attempt) =>
        attempt.status === 'fulfilled' ? attempt.value.note.Nummer : `failed: ${attempt.reason}`,
      );
    expect([...numbers].sort()).toEqual([
      'GS-P-000001',
      'GS-P-000002',
      'GS-P-000003',
      'GS-P-000004',
      'GS-P-000005',
    ]);
    const counters = await app.database.kysely
      .selectFrom('profi_credit_note_counter')
      .select(['mandant_id', 'last_number'])
      .orderBy('mandant_id')
      .execute();
    expect(counters).toEqual([
      { mandant_id: 'alpha', last_number: 5 },
      { mandant_id: 'strict', last_number: 41 },
    ]);
    // Asked again: the same note, no new number; the job finds nothing left (Carl is skipped).
    const again = await createProfiCreditNote(deps, mandant, scope('anton'), billedMonth);
    expect(again).toMatchObject({ created: false, note: { Nummer: numbers[0] } });
    expect(await app.jobs.run('createProfiCreditNotes')).toBe(0);
    expect(await commissionOf('P-1')).toMatchObject({
      status: 'approved',
      credit_note_id: expect.any(String),
    });
    expect(await commissionOf('P-carl')).toMatchObject({ status: 'approved', credit_note_id: null });
    // Carl adds his tax number: the job makes his note, the next number.
    await app.database.kysely
      .updateTable('profi_seller')
      .set({ steuernummer: '2893081508152' })
      .where('id', '=', (sellers.carl as Seller).id)
      .execute();
    expect(await app.jobs.run('createProfiCreditNotes')).toBe(1);
    expect((await get(sellers.carl as Seller, 'profi/gutschriften')).json<ProfiGutschrift[]>()).toEqual([
      expect.objectContaining({ Nummer: 'GS-P-000006', Monat: billedMonth, BruttoCent: 7000 }),
    ]);
  });

  it('lists the credit notes with VAT by tax status; the PDF’s totals are the sum of its lines', async () => {
    const anton = sellers.anton as Seller;
    const berta = sellers.berta as Seller;
    const antons = (await get(anton, 'profi/gutschriften')).json<ProfiGutschrift[]>();
    expect(antons).toEqual([
      expect.objectContaining({
        Monat: billedMonth,
        Steuerstatus: 'Kleinunternehmer',
        NettoCent: 7000,
        UstSatzProzent: 0,
        UstCent: 0,
        BruttoCent: 7000,
        // P-0 earns nothing and is not a line.
        Positionen: 1,
        Ausgezahlt: false,
      }),
    ]);
    const bertas = (await get(berta, 'profi/gutschriften')).json<ProfiGutschrift[]>();
    expect(bertas).toEqual([
      expect.objectContaining({
        Steuerstatus: 'Regelbesteuert',
        NettoCent: 7000,
        UstSatzProzent: 19,
        UstCent: 1330,
        BruttoCent: 8330,
        Positionen: 1,
      }),
    ]);
    const antonNote = antons[0]?.Nummer ?? '';
    const bertaNote = bertas[0]?.Nummer ?? '';
    expect(
      (await get(anton, 'profi/provisionen'))
        .json<ProfiProvision[]>()
        .find((l) => l.Auftragsnummer === 'P-1'),
    ).toMatchObject({ Grund: 'AufGutschrift', Gutschrift: antonNote });

    const pdf = await get(anton, `profi/gutschriften/${antonNote}.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Gutschrift');
    expect(text).toContain(antonNote);
    expect(text).toContain('§ 14 Abs. 2 Satz 2 UStG');
    expect(text).toContain('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    expect(text).toContain('Steuernummer: 2893081508152');
    expect(text).toContain('Alpha Versicherung AG');
    expect(text).toContain('P-1');
    expect(text).not.toContain('Umsatzsteuer 19');
    // One line of 70,00 €: the sum of the lines and the total are that line.
    expect(text.match(/70,00\s€/g)?.length).toBe(3);

    const vat = pdfText((await get(berta, `profi/gutschriften/${bertaNote}.pdf`)).rawPayload);
    expect(vat).toContain('Umsatzsteuer 19 %');
    expect(vat).toMatch(/Nettobetrag \(Steuersatz 19 %\)\s*70,00\s€/);
    expect(vat).toMatch(/13,30\s€/);
    expect(vat).toMatch(/83,30\s€/);
    expect(vat).toContain('USt-IdNr.: DE123456789');
    expect(vat).not.toContain('§ 19 UStG');
    const english = pdfText(
      (await get(berta, `profi/gutschriften/${bertaNote}.pdf`, { 'x-accept-language': 'en' })).rawPayload,
    );
    expect(english).toContain('self-billing credit note');

    // Another seller's note, a number that does not exist, or not a number: the same 404.
    for (const nummer of [bertaNote, 'GS-P-000999', 'nichts']) {
      const other = await get(anton, `profi/gutschriften/${nummer}.pdf`);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('PSOF0963');
    }
    // Not a seller at all: 403.
    const plain = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/profi/gutschriften',
      headers: bearer(
        await app.sessionTokens.issue('user', 'alpha', (await accountOf('anna@alpha.example')).id),
      ),
    });
    expect(plain.json().code).toBe('PSOF0940');
  });

  async function accountOf(email: string) {
    return app.database.kysely
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  }

  it('a payout run pays the credit notes of sellers with an IBAN; executing it marks them and their commissions paid', async () => {
    const anton = sellers.anton as Seller;
    const run = await integration(app, 'payout-runs', { Ausfuehrungsdatum: today() });
    expect(run.statusCode, run.body).toBe(201);
    // Anton, Carl, Dora, Emil, Frida (Berta has no IBAN): 5 × 70 €.
    expect(run.json()).toMatchObject({ Status: 'created', SummeCent: 35000, Anzahl: 5 });
    const runId = run.json<{ Id: string }>().Id;
    const file = await integration(app, `payout-runs/${runId}/sepa`, undefined, { method: 'GET' });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('<NbOfTxs>5</NbOfTxs>');
    expect(file.body).toContain('<CtrlSum>350.00</CtrlSum>');
    expect(file.body).toContain('DE75512108001245126199');
    const antonNote = (await get(anton, 'profi/gutschriften')).json<ProfiGutschrift[]>()[0]?.Nummer;
    expect(file.body).toContain(`Alpha Gutschrift ${antonNote}`);
    const validation = await validateXML({
      xml: [{ fileName: 'run.xml', contents: file.body }],
      schema: [{ fileName: 'pain.001.001.09.xsd', contents: await readFile(XSD, 'utf8') }],
    });
    expect(validation.errors).toEqual([]);

    expect((await integration(app, `payout-runs/${runId}/executed`, {})).json()).toMatchObject({
      Status: 'executed',
    });
    expect(await commissionOf('P-1')).toMatchObject({ status: 'paid' });
    expect(await commissionOf('P-berta')).toMatchObject({ status: 'approved' });
    expect((await get(anton, 'profi/gutschriften')).json<ProfiGutschrift[]>()[0]).toMatchObject({
      Ausgezahlt: true,
    });
    expect(
      (await get(anton, 'profi/provisionen'))
        .json<ProfiProvision[]>()
        .find((l) => l.Auftragsnummer === 'P-1'),
    ).toMatchObject({ Status: 'Ausgezahlt', Grund: 'Ausgezahlt' });
    expect((await get(anton, 'profi/uebersicht')).json<ProfiUebersicht>().AusgezahltCent).toBe(7000);
    // Nothing left to pay: a second run is refused.
    expect((await integration(app, 'payout-runs', { Ausfuehrungsdatum: today() })).json().code).toBe(
      'PSOF0509',
    );
  });
});

describe.each(databases)('the telko demo seller on $name', (database) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/telko/account/login',
      payload: { Email: DEMO_PROFI_EMAIL, Password: 'Empfehlen2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    headers = bearer(login.json<{ Token: string }>().Token);
    // Loading every mandant and migrating can take minutes on a busy machine.
  }, 300_000);
  afterAll(() => app?.close());

  it('has months of orders: paid and issued credit notes, approved, pending and cancelled commissions', async () => {
    const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1/telko/${url}`, headers });
    const lines = (await get('profi/provisionen')).json<ProfiProvision[]>();
    expect(lines.length).toBeGreaterThanOrEqual(10);
    const statuses = new Set(lines.map((line) => line.Status));
    expect([...statuses].sort()).toEqual(['Ausgezahlt', 'Freigegeben', 'Offen', 'Storniert']);
    expect(lines.some((line) => line.Grund === 'KeineProvision')).toBe(true);
    const notes = (await get('profi/gutschriften')).json<ProfiGutschrift[]>();
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes.every((note) => note.Ausgezahlt)).toBe(true);
    // A seller with VAT: 19 % on each note's net.
    for (const note of notes) {
      expect(note).toMatchObject({ Steuerstatus: 'Regelbesteuert', UstSatzProzent: 19 });
      expect(note.BruttoCent).toBe(note.NettoCent + note.UstCent);
    }
    const pdf = await get(`profi/gutschriften/${notes[0]?.Nummer}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Paulsen Mobilfunk-Shop GmbH');
    const overview = (await get('profi/uebersicht')).json<ProfiUebersicht>();
    expect(overview.LetzteAuftraege).toHaveLength(5);
    expect(overview.OffenCent).toBeGreaterThan(0);
  });
});
