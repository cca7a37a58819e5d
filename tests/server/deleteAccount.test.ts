import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, login } from './helpers.ts';
import {
  ANNA,
  authHeaders,
  BEN,
  BETA_ANNA,
  buildPersonalApp,
  dumpAllTables,
  rewardIds,
  searchableDump,
} from './personalAreaHelpers.ts';

const IBAN = 'DE89370400440532013000';

/**
 * Issue 5, GDPR: the data export (Art. 20) holds everything stored about the user; DELETE
 * /empfehler/delete (Art. 17) erases it for real — afterwards login fails, every session is over, no table
 * holds the person's e-mail, names, IBAN or customer number, and what accounting needs stays without them.
 */
describe.each(databases)('export and erasure on $name', (database) => {
  let app: FastifyInstance;
  let anna: { authorization: string };
  let annaRewards: Map<string, string>;

  beforeAll(async () => {
    // No SMTP: the opt-in mail stays in the outbox, which erasure must clear too.
    app = await buildPersonalApp(database);
    anna = await authHeaders(app, 'alpha', ANNA);
    annaRewards = await rewardIds(app, 'alpha', anna);
    // Everything a recommender can leave behind: bank data, a newsletter request (consent + mail + links),
    // a chosen reward with receipt data and customer number, a recommendation made before login with the
    // same e-mail, and being the recipient of someone else's recommendation.
    const put = (url: string, payload?: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/alpha${url}`,
        headers: anna,
        ...(payload ? { payload } : {}),
      });
    expect((await put('/empfehler/bankdaten/', { IBAN, Kontoinhaber: 'Anna Alphaweg' })).statusCode).toBe(
      200,
    );
    expect((await put('/empfehler/setNewsletterOptin')).statusCode).toBe(200);
    const offen = annaRewards.get('1000000002') ?? '';
    const chosen = await put('/praemierung/', {
      Id: offen,
      PraemieId: 'ueberweisung',
      Vorname: 'Anna',
      Nachname: 'Alphaweg',
      Email: ANNA.email,
    });
    expect(chosen.statusCode).toBe(200);
    expect(
      (await put(`/empfehler/SetKundennummerForEmpfehler/KD-987654?praemierung=${offen}`)).statusCode,
    ).toBe(200);
    const db = app.database.kysely;
    await db
      .insertInto('recommendation')
      .values({
        mandant_id: 'alpha',
        empfehlungsnummer: '2000000001',
        link_hex: randomBytes(16).toString('hex'),
        empfehler_vorname: 'Anna',
        empfehler_nachname: 'Alphaweg',
        empfehler_email: ANNA.email,
        produkt_id: '601',
        link_expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const bens = await db
      .selectFrom('recommendation')
      .select('id')
      .where('mandant_id', '=', 'alpha')
      .where('empfehlungsnummer', '=', '1000000101')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('recipient')
      .values({
        mandant_id: 'alpha',
        recommendation_id: bens.id,
        empfaengernummer: '3000000001',
        vorname: 'Anna',
        nachname: 'Alphaweg',
        email: ANNA.email,
        iban_encrypted: app.fieldCipher.encrypt(IBAN, 'alpha:recipient'),
        kontoinhaber: 'Anna Alphaweg',
        delete_after: new Date(Date.now() + 86_400_000),
      })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('exports everything stored about the user as a JSON download, IBAN in full, friends masked', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/empfehler/export',
      headers: anna,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="meine-daten-alpha.json"');
    expect(response.headers['cache-control']).toContain('no-store');
    const data = response.json();
    expect(data.Konto).toMatchObject({
      Email: ANNA.email,
      Vorname: 'Anna',
      Nachname: 'Alphaweg',
      Anrede: 'Frau',
    });
    expect(data.Newsletter.Status).toBe('pending');
    expect(data.NewsletterEinwilligungen).toHaveLength(1);
    expect(data.NewsletterEinwilligungen[0]).toMatchObject({
      Ereignis: 'requested',
      Quelle: 'settings',
      Sprache: 'de',
    });
    expect(data.NewsletterEinwilligungen[0].Textversion).toMatch(/^[0-9a-f]{64}$/);
    expect(data.Bankdaten).toEqual({ IBAN, Kontoinhaber: 'Anna Alphaweg' });
    expect(data.Empfehlungen.map((entry: { Empfehlungsnummer: string }) => entry.Empfehlungsnummer)).toEqual(
      expect.arrayContaining(['1000000001', '1000000006', '2000000001']),
    );
    expect(data.Empfehlungen).toHaveLength(7);
    const accepted = data.Empfehlungen.find(
      (entry: { Empfehlungsnummer: string }) => entry.Empfehlungsnummer === '1000000002',
    );
    expect(accepted.Empfaenger).toEqual(['M*** M***']);
    expect(response.body).not.toContain('Mustermann');
    const reward = data.Praemierungen.find(
      (entry: { Id: string }) => entry.Id === annaRewards.get('1000000002'),
    );
    expect(reward).toMatchObject({
      PraemieId: 'ueberweisung',
      Kundennummer: 'KD-987654',
      Empfaenger: { Nachname: 'Alphaweg' },
    });
    expect(data.Mails).toEqual([expect.objectContaining({ Vorlage: 'newsletterOptin', Status: 'pending' })]);
    // No secrets: neither the password hash nor token hashes.
    expect(response.body).not.toMatch(/argon2|token_hash|password/i);
  });

  it('needs the session (401 without it)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/alpha/empfehler/export' })).statusCode).toBe(401);
  });

  it('erases the user: login fails, sessions end, no table holds their data; accounting and other people stay', async () => {
    const second = await authHeaders(app, 'alpha', ANNA);
    const before = await app.database.kysely
      .selectFrom('praemierung')
      .select(['id', 'status', 'wert_cent', 'recommendation_id'])
      .where('mandant_id', '=', 'alpha')
      .orderBy('id')
      .execute();

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/v1/alpha/empfehler/delete',
      headers: anna,
    });
    expect(deleted.statusCode).toBe(204);

    const loginAgain = await login(app, 'alpha', ANNA);
    expect(loginAgain.statusCode).toBe(401);
    expect(loginAgain.json().code).toBe('PSOF0200');
    for (const headers of [anna, second]) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/alpha/account/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('PSOF0204');
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/alpha/empfehler/bankdaten/', headers: second }))
        .statusCode,
    ).toBe(401);

    const dump = await dumpAllTables(app);
    for (const [table, rows] of searchableDump(dump, 'alpha')) {
      for (const trace of [ANNA.email, 'alphaweg', '"anna"', IBAN.toLowerCase(), 'kd-987654']) {
        expect(rows, `${table} still holds ${trace}`).not.toContain(trace);
      }
    }
    // beta's Anna with the same e-mail is another person's account and stays.
    expect(JSON.stringify(dump.get('account'))).toContain('Betaweg');
    expect((await login(app, 'beta', BETA_ANNA)).statusCode).toBe(200);

    // Accounting: every reward stays with its amount, status and recommendation, without the person.
    const after = await app.database.kysely
      .selectFrom('praemierung')
      .select(['id', 'status', 'wert_cent', 'recommendation_id'])
      .where('mandant_id', '=', 'alpha')
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    const kept = await app.database.kysely
      .selectFrom('recommendation')
      .select(['empfehlungsnummer', 'status', 'erased_at', 'account_id', 'empfehler_email'])
      .where('mandant_id', '=', 'alpha')
      .where('empfehlungsnummer', 'in', ['1000000002', '2000000001'])
      .execute();
    expect(kept).toHaveLength(2);
    for (const row of kept) {
      expect(row.erased_at).toBeInstanceOf(Date);
      expect(row.account_id).toBeNull();
      expect(row.empfehler_email).toBeNull();
    }
    // The consent log keeps what was consented and when, without whose it was.
    const consent = await app.database.kysely.selectFrom('newsletter_consent').selectAll().execute();
    expect(consent).toHaveLength(1);
    expect(consent[0]?.account_id).toBeNull();

    // Ben's data is untouched: his recommendation (whose recipient Anna was) and his login.
    const ben = await authHeaders(app, 'alpha', BEN);
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/alpha/empfehler/empfehlungen/',
      headers: ben,
    });
    expect(list.json()).toHaveLength(1);
  });

  it('a second delete with the ended session is refused (401)', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/v1/alpha/empfehler/delete',
      headers: anna,
    });
    expect(response.statusCode).toBe(401);
  });
});
