import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLoginLines } from '../../server/demo/demoLoginLines.ts';
import { DEMO_PROFI_EMAIL, demoProfiSellerId } from '../../server/demo/demoProfiPlugin.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';
import { solvedCaptcha } from './recommendHelpers.ts';

/**
 * Issue 16, the seller's account (server/profi/account): the public registration, the seller's own data,
 * bank data and agreement behind app.authenticateProfi, and the telko demo seller. On the demo mandants:
 * telko has ModuleIBANNurDE on.
 */
const MANDANT = 'telko';
const API = `/api/v1/${MANDANT}`;
const PASSWORD = 'Empfehlen2026';
const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const AUSTRIAN_IBAN = 'AT61 1904 3002 3457 3201';

let address = 0;
/** A client address of its own per call, so the per-client mail limit of one test does not reach another. */
function client(): string {
  address += 1;
  return `10.16.${(address >> 8) & 255}.${address & 255}`;
}

function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Art: 'Person',
    Vorname: 'Paula',
    Nachname: 'Profi',
    Email: 'paula.profi@example.net',
    Telefon: '+49 30 1234567',
    Strasse: 'Hauptstraße 1',
    Plz: '10115',
    Ort: 'Berlin',
    Steuerstatus: 'Kleinunternehmer',
    Steuernummer: '21/815/08150',
    UstId: '',
    IBAN: GERMAN_IBAN,
    Kontoinhaber: 'Paula Profi',
    Vereinbarung: true,
    ...overrides,
  };
}

describe.each(databases)('the profi-seller account on $name', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR, devMails: true });
  }, 180_000);
  afterAll(() => app?.close());

  const inject = (options: InjectOptions) => app.inject({ remoteAddress: client(), ...options });
  const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: `${API}/profi/registrieren`, payload: body, headers });

  async function counts() {
    const db = app.database.kysely;
    const count = async (table: 'account' | 'profi_seller' | 'mail_outbox' | 'account_token') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      account: await count('account'),
      profi_seller: await count('profi_seller'),
      mail_outbox: await count('mail_outbox'),
      account_token: await count('account_token'),
    };
  }

  async function accountId(email: string): Promise<string> {
    const row = await app.database.kysely
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', MANDANT)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function userHeaders(email: string): Promise<Record<string, string>> {
    return bearer(await app.sessionTokens.issue('user', MANDANT, await accountId(email)));
  }

  async function mailsTo(email: string) {
    return (await app.mail.list(500)).filter((mail) => mail.recipient === email);
  }

  it('registers a new seller: account without password, seller row, encrypted IBAN, agreement, the welcome mail whose link sets the password and opens the profi area', async () => {
    const before = await counts();
    const email = 'paula.profi@example.net';
    const response = await register({
      ...registration({ Email: ' Paula.Profi@Example.net ' }),
      Captcha: await solvedCaptcha(app, MANDANT),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ Email: email });
    const after = await counts();
    expect(after.account - before.account).toBe(1);
    expect(after.profi_seller - before.profi_seller).toBe(1);

    const row = await app.database.kysely
      .selectFrom('profi_seller as s')
      .innerJoin('account as a', 'a.id', 's.account_id')
      .selectAll('s')
      .select(['a.password_hash', 'a.vorname', 'a.nachname'])
      .where('a.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.profinummer).toMatch(/^P-[0-9]{6}$/);
    expect(row.password_hash).toBeNull();
    expect([row.vorname, row.nachname]).toEqual(['Paula', 'Profi']);
    expect(row.art).toBe('person');
    expect(row.steuerstatus).toBe('kleinunternehmer');
    expect(row.steuernummer).toBe('21/815/08150');
    expect(row.iban_encrypted).toMatch(/^v1:/);
    expect(row.iban_encrypted).not.toContain('370400440532');
    expect(row.iban_fingerprint).toBe(app.fingerprints.of('iban', MANDANT, 'DE89370400440532013000'));
    expect(row.kontoinhaber).toBe('Paula Profi');
    expect(row.vereinbarung_version).toBe('v1');
    expect(row.vereinbarung_at).not.toBeNull();

    const [mail] = await mailsTo(email);
    expect(mail?.template).toBe('profiWelcome');
    expect(mail?.subject).toBe('Willkommen als Profi-Verkäufer bei NetzPlus Freunde werben');
    expect(mail?.text).toContain(row.profinummer);
    const link = /https?:\/\/\S+\/registrierung-abschliessen\/([A-Za-z0-9_-]+)\?ziel=ProfiOverview/.exec(
      mail?.text ?? '',
    );
    expect(link, mail?.text ?? '').not.toBeNull();

    // The link sets the password (the account lifecycle), then the seller signs in and sees the area.
    const set = await inject({
      method: 'PUT',
      url: `${API}/account/resetPassword`,
      payload: { Token: link?.[1], Password: 'ProfiStart2026', PasswordConfirm: 'ProfiStart2026' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const token = await loginToken(app, MANDANT, { email, password: 'ProfiStart2026' });
    const daten = await inject({ method: 'GET', url: `${API}/profi/daten`, headers: bearer(token) });
    expect(daten.statusCode, daten.body).toBe(200);
    expect(daten.json()).toMatchObject({
      Profinummer: row.profinummer,
      Email: email,
      Art: 'Person',
      Steuerstatus: 'Kleinunternehmer',
      IBAN: 'DE89 **** **** **** **30 00',
      Kontoinhaber: 'Paula Profi',
      VereinbarungVersion: 'v1',
    });
    expect(daten.json().VereinbarungAm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses every bad input with the catalogue code, before the captcha, and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ Steuernummer: '12345' }, 400, 'PSOF0013'],
      [{ Steuernummer: '123 456 789' }, 422, 'PSOF0941', 'Steuernummer ist nicht gültig'],
      [{ Steuernummer: '12345678901234' }, 422, 'PSOF0941', 'Steuernummer ist nicht gültig'],
      [{ Steuernummer: '' }, 422, 'PSOF0944'],
      [{ Steuerstatus: 'Regelbesteuert', Steuernummer: '', UstId: '' }, 422, 'PSOF0943'],
      [{ Steuerstatus: 'Regelbesteuert', Steuernummer: '', UstId: 'DE12345' }, 422, 'PSOF0945'],
      [{ Art: 'Firma', Firma: '  ' }, 422, 'PSOF0942'],
      [{ Art: 'Firma' }, 422, 'PSOF0942'],
      [
        { IBAN: AUSTRIAN_IBAN },
        422,
        'PSOF0242',
        'IBAN ist nicht gültig: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.',
      ],
      [{ IBAN: 'DE89 3704 0044 0532 0130 01' }, 422, 'PSOF0240', 'IBAN ist nicht gültig'],
      [{ Kontoinhaber: '' }, 422, 'PSOF0241'],
      [{ IBAN: '', Kontoinhaber: 'Paula Profi' }, 422, 'PSOF0240'],
      [{ Email: 'keine-adresse' }, 422, 'PSOF0302'],
      [{ Plz: '   ' }, 400, 'PSOF0013'],
      [{ Steuerstatus: 'Irgendwas' }, 400, 'PSOF0013'],
      // Valid data without a captcha: the captcha is the last check.
      [{ Email: 'ohne.captcha@example.net' }, 422, 'PSOF0307'],
    ];
    for (const [overrides, status, code, message] of cases) {
      const response = await register(registration({ Email: 'neu.profi@example.net', ...overrides }));
      expect([JSON.stringify(overrides), response.statusCode, response.json().code]).toEqual([
        JSON.stringify(overrides),
        status,
        code,
      ]);
      if (message) expect(response.json().message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 409 PSOF0946 for an address that is a seller already, writing nothing', async () => {
    const before = await counts();
    for (const email of [DEMO_PROFI_EMAIL, 'paula.profi@example.net']) {
      const response = await register({
        ...registration({ Email: email }),
        Captcha: await solvedCaptcha(app, MANDANT),
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('PSOF0946');
    }
    expect(await counts()).toEqual(before);
  });

  it("another account's address without its session: nothing changes, a mail asks to sign in first; with its session the seller row joins that account", async () => {
    const email = 'jonas.muster@netzplus.example';
    const before = await counts();
    const stranger = await register({
      ...registration({ Email: email, IBAN: 'DE02120300000000202051', Kontoinhaber: 'Mallory Fremd' }),
      Captcha: await solvedCaptcha(app, MANDANT),
    });
    expect(stranger.statusCode, stranger.body).toBe(201);
    const after = await counts();
    expect(after.profi_seller).toBe(before.profi_seller);
    expect(after.account).toBe(before.account);
    const [notice] = await mailsTo(email);
    expect(notice?.template).toBe('profiExistingAccount');
    expect(notice?.language).toBe('en');
    expect(notice?.subject).toBe('Your registration as a professional seller at NetzPlus Freunde werben');

    // Logged in as that account: no captcha, the seller row on the account, the mail without a link.
    const jonas = await userHeaders(email);
    expect((await inject({ method: 'GET', url: `${API}/profi/daten`, headers: jonas })).json().code).toBe(
      'PSOF0940',
    );
    const own = await register(registration({ Email: email, Kontoinhaber: 'Jonas Muster' }), jonas);
    expect(own.statusCode, own.body).toBe(201);
    expect((await counts()).account).toBe(before.account);
    const daten = await inject({ method: 'GET', url: `${API}/profi/daten`, headers: jonas });
    expect(daten.statusCode, daten.body).toBe(200);
    expect(daten.json()).toMatchObject({ Email: email, Vorname: 'Jonas', Kontoinhaber: 'Jonas Muster' });
    const welcome = (await mailsTo(email)).find((mail) => mail.template === 'profiWelcome');
    expect(welcome?.text).toContain(daten.json().Profinummer);
    expect(welcome?.text).not.toContain('registrierung-abschliessen');
  });

  it('lets only sellers in: 401 PSOF0210 without a token, 403 PSOF0940 for a recommender, 403 PSOF0202 for an agency user, 401 PSOF0204 for another mandant, 403 PSOF0940 for a blocked seller', async () => {
    const url = `${API}/profi/daten`;
    expect((await inject({ method: 'GET', url })).json().code).toBe('PSOF0210');
    const anna = await userHeaders('anna.beispiel@netzplus.example');
    const asAnna = await inject({ method: 'GET', url, headers: anna });
    expect([asAnna.statusCode, asAnna.json()]).toEqual([
      403,
      { code: 'PSOF0940', message: 'Dieser Bereich ist Profi-Verkäufern vorbehalten.' },
    ]);
    const agencyUser = await app.database.kysely
      .selectFrom('agency_user')
      .select('id')
      .where('mandant_id', '=', MANDANT)
      .executeTakeFirstOrThrow();
    const agency = bearer(await app.sessionTokens.issue('agency', MANDANT, agencyUser.id));
    expect((await inject({ method: 'GET', url, headers: agency })).json().code).toBe('PSOF0202');
    const seller = await userHeaders(DEMO_PROFI_EMAIL);
    expect(
      (await inject({ method: 'GET', url: '/api/v1/stadtwerk/profi/daten', headers: seller })).json().code,
    ).toBe('PSOF0204');
    for (const write of ['daten', 'bankdaten', 'vereinbarung']) {
      const refused = await inject({
        method: 'PUT',
        url: `${API}/profi/${write}`,
        headers: anna,
        payload: {},
      });
      expect([write, refused.statusCode, refused.json().code]).toEqual([write, 403, 'PSOF0940']);
    }

    const paula = await accountId('paula.profi@example.net');
    const paulaHeaders = bearer(await app.sessionTokens.issue('user', MANDANT, paula));
    await app.database.kysely
      .updateTable('profi_seller')
      .set({ status: 'blocked' })
      .where('account_id', '=', paula)
      .execute();
    try {
      expect((await inject({ method: 'GET', url, headers: paulaHeaders })).json().code).toBe('PSOF0940');
    } finally {
      await app.database.kysely
        .updateTable('profi_seller')
        .set({ status: 'active' })
        .where('account_id', '=', paula)
        .execute();
    }
  });

  it('shows the demo seller its own data only, IBAN masked; another seller sees theirs', async () => {
    const demoId = await demoProfiSellerId(app.database.kysely, MANDANT);
    expect(demoId).toBeDefined();
    expect(await demoLoginLines(app, 8080, { links: false })).toContain(
      `      profi-seller ${DEMO_PROFI_EMAIL} / ${PASSWORD}  (Regelbesteuert)`,
    );
    const token = await loginToken(app, MANDANT, { email: DEMO_PROFI_EMAIL, password: PASSWORD });
    const demo = await inject({ method: 'GET', url: `${API}/profi/daten`, headers: bearer(token) });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json()).toMatchObject({
      Profinummer: 'P-100001',
      Email: DEMO_PROFI_EMAIL,
      Art: 'Firma',
      Firma: 'Paulsen Mobilfunk-Shop GmbH',
      Steuerstatus: 'Regelbesteuert',
      UstId: 'DE123456789',
      IBAN: 'DE02 **** **** **** **20 51',
    });
    expect(demo.json().VereinbarungAm).not.toBeNull();
    expect(demo.body).not.toContain('120300000000202051');

    const paula = await inject({
      method: 'GET',
      url: `${API}/profi/daten`,
      headers: await userHeaders('paula.profi@example.net'),
    });
    expect(paula.json().Profinummer).not.toBe('P-100001');
    expect(paula.body).not.toContain('Paulsen');
    expect(demo.body).not.toContain('Paula');
  });

  it("the data export (GDPR Art. 15/20) of a seller's account holds the seller record, its commissions and credit notes; a recommender's holds none", async () => {
    const token = await loginToken(app, MANDANT, { email: DEMO_PROFI_EMAIL, password: PASSWORD });
    const exported = await inject({ method: 'GET', url: `${API}/empfehler/export`, headers: bearer(token) });
    expect(exported.statusCode, exported.body).toBe(200);
    const seller = exported.json().Profiverkaeufer;
    expect(seller).toMatchObject({
      Profinummer: 'P-100001',
      Art: 'firma',
      Firma: 'Paulsen Mobilfunk-Shop GmbH',
      UstId: 'DE123456789',
      Status: 'active',
    });
    // The IBAN in full, like the recommender's bank data: it is the person's own data.
    expect(seller.IBAN.replace(/\s/g, '')).toMatch(/^DE02\d+2051$/);
    const sellerId = await demoProfiSellerId(app.database.kysely, MANDANT);
    const stored = async (table: 'profi_commission' | 'profi_credit_note') =>
      Number(
        (
          await app.database.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('mandant_id', '=', MANDANT)
            .where('profi_seller_id', '=', sellerId as string)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(seller.Provisionen.length).toBe(await stored('profi_commission'));
    expect(seller.Provisionen.length).toBeGreaterThan(0);
    expect(seller.Provisionen[0]).toMatchObject({
      BasisCent: expect.any(Number),
      Status: expect.any(String),
    });
    expect(seller.Gutschriften.length).toBe(await stored('profi_credit_note'));
    for (const note of seller.Gutschriften) expect(note.Monat).toMatch(/^\d{4}-\d{2}$/);

    const recommender = await inject({
      method: 'GET',
      url: `${API}/empfehler/export`,
      headers: bearer(
        await loginToken(app, MANDANT, { email: 'anna.beispiel@netzplus.example', password: PASSWORD }),
      ),
    });
    expect(recommender.statusCode, recommender.body).toBe(200);
    expect(recommender.json()).not.toHaveProperty('Profiverkaeufer');
  });

  it('changes data, bank data and the agreement; a refused change leaves the row as it was', async () => {
    const headers = await userHeaders('paula.profi@example.net');
    const read = async () => (await inject({ method: 'GET', url: `${API}/profi/daten`, headers })).json();
    const start = await read();

    const data = {
      Art: 'Firma',
      Firma: 'Profi Paula e.K.',
      Vorname: 'Paula',
      Nachname: 'Profi-Neu',
      Strasse: 'Nebenstraße 2',
      Plz: '20095',
      Ort: 'Hamburg',
      Steuerstatus: 'Regelbesteuert',
      Steuernummer: '',
      UstId: 'de 123 456 788',
    };
    for (const [overrides, code] of [
      [{ Steuernummer: '123 456 789' }, 'PSOF0941'],
      [{ UstId: '' }, 'PSOF0943'],
      [{ Firma: '' }, 'PSOF0942'],
      [{ Steuerstatus: 'Kleinunternehmer' }, 'PSOF0944'],
    ] as const) {
      const refused = await inject({
        method: 'PUT',
        url: `${API}/profi/daten`,
        headers,
        payload: { ...data, ...overrides },
      });
      expect([refused.statusCode, refused.json().code]).toEqual([422, code]);
    }
    expect(await read()).toEqual(start);

    const changed = await inject({ method: 'PUT', url: `${API}/profi/daten`, headers, payload: data });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      Art: 'Firma',
      Firma: 'Profi Paula e.K.',
      Nachname: 'Profi-Neu',
      Steuerstatus: 'Regelbesteuert',
      UstId: 'DE123456788',
      Profinummer: start.Profinummer,
      IBAN: start.IBAN,
    });
    expect(await read()).toEqual(changed.json());

    for (const [payload, code] of [
      [{ IBAN: AUSTRIAN_IBAN, Kontoinhaber: 'Paula Profi' }, 'PSOF0242'],
      [{ IBAN: 'DE00 1234', Kontoinhaber: 'Paula Profi' }, 'PSOF0240'],
      [{ IBAN: GERMAN_IBAN, Kontoinhaber: '1234' }, 'PSOF0241'],
      [{ IBAN: GERMAN_IBAN, Kontoinhaber: 'P'.repeat(71) }, 'PSOF0241'],
    ] as const) {
      const refused = await inject({ method: 'PUT', url: `${API}/profi/bankdaten`, headers, payload });
      expect([refused.statusCode, refused.json().code]).toEqual([422, code]);
    }
    expect((await read()).IBAN).toBe(start.IBAN);
    const bank = await inject({
      method: 'PUT',
      url: `${API}/profi/bankdaten`,
      headers,
      payload: { IBAN: 'de02 1203 0000 0000 2020 51', Kontoinhaber: ' Profi  Paula ' },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json()).toMatchObject({ IBAN: 'DE02 **** **** **** **20 51', Kontoinhaber: 'Profi Paula' });
    const stored = await app.database.kysely
      .selectFrom('profi_seller')
      .select(['iban_encrypted', 'iban_fingerprint'])
      .where('account_id', '=', await accountId('paula.profi@example.net'))
      .executeTakeFirstOrThrow();
    expect(stored.iban_encrypted).toMatch(/^v1:/);
    expect(stored.iban_fingerprint).toBe(app.fingerprints.of('iban', MANDANT, 'DE02120300000000202051'));

    await app.database.kysely
      .updateTable('profi_seller')
      .set({ vereinbarung_version: 'v0' })
      .where('account_id', '=', await accountId('paula.profi@example.net'))
      .execute();
    expect((await read()).VereinbarungAm).toBeNull();
    const no = await inject({
      method: 'PUT',
      url: `${API}/profi/vereinbarung`,
      headers,
      payload: { Akzeptiert: false },
    });
    expect([no.statusCode, no.json().code]).toEqual([422, 'PSOF0947']);
    expect((await read()).VereinbarungAm).toBeNull();
    const yes = await inject({
      method: 'PUT',
      url: `${API}/profi/vereinbarung`,
      headers,
      payload: { Akzeptiert: true },
    });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().VereinbarungAm).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // A new version in the mandant's settings (programme.profiAgreementVersion) is an open task again.
    const programme = app.mandants.get(MANDANT)?.config.programme;
    if (!programme) throw new Error('telko has no programme settings');
    programme.profiAgreementVersion = 'v2';
    try {
      expect(await read()).toMatchObject({ VereinbarungVersion: 'v2', VereinbarungAm: null });
      const again = await inject({
        method: 'PUT',
        url: `${API}/profi/vereinbarung`,
        headers,
        payload: { Akzeptiert: true },
      });
      expect(again.json()).toMatchObject({ VereinbarungVersion: 'v2' });
      expect(again.json().VereinbarungAm).not.toBeNull();
    } finally {
      delete programme.profiAgreementVersion;
    }
  });

  it("erasing a seller's account keeps the seller record without the account (its credit notes stay) and ends the access", async () => {
    const email = 'loesch.profi@example.net';
    const created = await register({
      ...registration({ Email: email }),
      Captcha: await solvedCaptcha(app, MANDANT),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await accountId(email);
    const headers = bearer(await app.sessionTokens.issue('user', MANDANT, id));
    const erased = await inject({ method: 'DELETE', url: `${API}/empfehler/delete`, headers });
    expect(erased.statusCode, erased.body).toBe(204);
    const seller = await app.database.kysely
      .selectFrom('profi_seller')
      .select(['account_id', 'profinummer'])
      .where('mandant_id', '=', MANDANT)
      .where('account_id', 'is', null)
      .execute();
    expect(seller).toHaveLength(1);
    const after = await inject({ method: 'GET', url: `${API}/profi/daten`, headers });
    expect(after.json().code).toBe('PSOF0204');
  });

  it("counts changes per seller's account, not per client: the 31st change within 15 minutes is 429 PSOF0016 from any address", async () => {
    const email = 'rita.rate@example.net';
    const { IBAN: _iban, Kontoinhaber: _holder, ...withoutBank } = registration({ Email: email });
    const registered = await register({ ...withoutBank, Captcha: await solvedCaptcha(app, MANDANT) });
    expect(registered.statusCode, registered.body).toBe(201);
    const headers = await userHeaders(email);
    // Each call from another client address (inject gives every call its own).
    for (let change = 1; change <= 30; change += 1) {
      const accepted = await inject({
        method: 'PUT',
        url: `${API}/profi/vereinbarung`,
        headers,
        payload: { Akzeptiert: true },
      });
      expect(accepted.statusCode, `change ${change}`).toBe(200);
    }
    const refused = await inject({
      method: 'PUT',
      url: `${API}/profi/bankdaten`,
      headers,
      payload: { IBAN: GERMAN_IBAN, Kontoinhaber: 'Rita Rate' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('PSOF0016');
    expect(refused.headers['retry-after']).toBeDefined();
    const stored = await app.database.kysely
      .selectFrom('profi_seller')
      .select('iban_encrypted')
      .where('account_id', '=', await accountId(email))
      .executeTakeFirstOrThrow();
    expect(stored.iban_encrypted).toBeNull();
    // Another seller is not affected.
    const demo = await loginToken(app, MANDANT, { email: DEMO_PROFI_EMAIL, password: PASSWORD });
    const other = await inject({
      method: 'PUT',
      url: `${API}/profi/vereinbarung`,
      headers: bearer(demo),
      payload: { Akzeptiert: true },
    });
    expect(other.statusCode).toBe(200);
  });
});
