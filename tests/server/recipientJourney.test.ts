import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRecommendation } from '../support/seedRecommendation.ts';
import { databases } from './helpers.ts';
import {
  buildRecipientTestApp,
  type CreatedRecipient,
  createdRecipient,
  recipientHeaders,
} from './recipientHelpers.ts';

const AGB = 'Ich bin damit einverstanden, dass Alpha Energie meine Angaben speichert.\n\nIch stimme zu.';
const IBAN_DE = 'DE89 3704 0044 0532 0130 00';
const IBAN_AT = 'AT61 1904 3002 3457 3201';

describe.each(databases)('recipient consent, bank data, order, tracking and erasure on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildRecipientTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function newRecipient(
    mandant = 'alpha',
  ): Promise<CreatedRecipient & { recommendationId: string; nr: string }> {
    const seeded = await seedRecommendation(app, { mandant, praemieCent: 6000, anteilEmpfehler: 50 });
    const created = await createdRecipient(app, mandant, seeded.empfehlungsnummer);
    return { ...created, recommendationId: seeded.id, nr: seeded.empfehlungsnummer };
  }

  const consent = (mandant: string, token: string, AgbText: unknown = AGB) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/${mandant}/empfaenger/zustimmung`,
      headers: recipientHeaders(token),
      payload: { AgbText },
    });

  const bankData = (mandant: string, token: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/${mandant}/empfaenger/bankdaten`,
      headers: recipientHeaders(token),
      payload: body,
    });

  const order = (mandant: string, token: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/${mandant}/empfaenger/auftrag`,
      headers: recipientHeaders(token),
    });

  const recipientRow = (empfaengernummer: string) =>
    app.database.kysely
      .selectFrom('recipient')
      .selectAll()
      .where('empfaengernummer', '=', empfaengernummer)
      .executeTakeFirstOrThrow();

  describe('PUT /empfaenger/zustimmung', () => {
    it('keeps the exact text with its SHA-256, the moment and the source, and confirms the data', async () => {
      const recipient = await newRecipient();
      const response = await consent('alpha', recipient.Token);
      expect(response.statusCode).toBe(200);
      const version = createHash('sha256').update(AGB, 'utf8').digest('hex');
      expect(response.json()).toMatchObject({ TextVersion: version });
      const row = await recipientRow(recipient.Empfaengernummer);
      expect(row.confirmed_at).not.toBeNull();
      const consents = await app.database.kysely
        .selectFrom('recipient_consent')
        .selectAll()
        .where('recipient_id', '=', row.id)
        .execute();
      expect(consents).toHaveLength(1);
      expect(consents[0]).toMatchObject({
        mandant_id: 'alpha',
        agb_text: AGB,
        text_version: version,
        source: 'web',
      });
      expect(consents[0]?.given_at).toBeInstanceOf(Date);
    });

    it('refuses an empty, blank or oversized text and a missing token, and records nothing', async () => {
      const recipient = await newRecipient();
      for (const text of ['', '   ', 'x'.repeat(40_001), { text: AGB }]) {
        const response = await consent('alpha', recipient.Token, text);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'PSOF0013' });
      }
      const noToken = await app.inject({
        method: 'PUT',
        url: '/api/v1/alpha/empfaenger/zustimmung',
        payload: { AgbText: AGB },
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json()).toMatchObject({ code: 'PSOF0334' });
      const row = await recipientRow(recipient.Empfaengernummer);
      expect(row.confirmed_at).toBeNull();
      const consents = await app.database.kysely
        .selectFrom('recipient_consent')
        .select('id')
        .where('recipient_id', '=', row.id)
        .execute();
      expect(consents).toHaveLength(0);
    });

    it('answers a replayed create after the consent with 409 PSOF0335: confirmed data is not handed out again', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const created = await createdRecipient(app, 'alpha', seeded.empfehlungsnummer);
      await consent('alpha', created.Token);
      const replay = await app.inject({
        method: 'POST',
        url: `/api/v1/alpha/empfaenger/create/${seeded.empfehlungsnummer}`,
        payload: { Vorname: 'X', Nachname: 'Y', Email: 'felix.freund@example.net', AgbAkzeptiert: true },
        remoteAddress: '10.200.0.1',
      });
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ code: 'PSOF0335' });
    });
  });

  describe('POST /empfaenger/bankdaten', () => {
    it('needs the consent first (409 PSOF0339)', async () => {
      const recipient = await newRecipient();
      const response = await bankData('alpha', recipient.Token, {
        IBAN: IBAN_DE,
        Kontoinhaber: 'Felix Freund',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PSOF0339' });
    });

    it('stores the IBAN encrypted, never in the clear, and shows it masked', async () => {
      const recipient = await newRecipient();
      await consent('alpha', recipient.Token);
      const response = await bankData('alpha', recipient.Token, {
        IBAN: IBAN_DE,
        Kontoinhaber: ' Felix Freund ',
      });
      expect(response.statusCode).toBe(204);
      const row = await recipientRow(recipient.Empfaengernummer);
      expect(row.kontoinhaber).toBe('Felix Freund');
      expect(row.iban_encrypted).toMatch(/^v1:/);
      expect(row.iban_encrypted).not.toContain('DE89');
      expect(row.iban_encrypted).not.toContain('0532013000');
      expect(app.fieldCipher.decrypt(row.iban_encrypted ?? '', 'alpha:recipient')).toBe(
        'DE89370400440532013000',
      );
      // Nowhere in the table's text either.
      const clear = await sql<{
        n: string;
      }>`select count(*) as n from recipient where iban_encrypted like ${'%DE89370400440532013000%'}`.execute(
        app.database.kysely,
      );
      expect(Number(clear.rows[0]?.n)).toBe(0);
      const state = await order('alpha', recipient.Token);
      expect(state.json()).toMatchObject({
        Bankdaten: { IBAN: 'DE89 **** **** **** **30 00', Kontoinhaber: 'Felix Freund' },
      });
    });

    it.each([
      ['a wrong check digit', { IBAN: 'DE89 3704 0044 0532 0130 01', Kontoinhaber: 'F' }, 422, 'PSOF0332'],
      ['letters', { IBAN: 'keine iban', Kontoinhaber: 'F' }, 422, 'PSOF0332'],
      ['a non-German IBAN under ModuleIBANNurDE', { IBAN: IBAN_AT, Kontoinhaber: 'F' }, 422, 'PSOF0333'],
      ['a blank holder', { IBAN: IBAN_DE, Kontoinhaber: '  ' }, 400, 'PSOF0013'],
      ['no holder', { IBAN: IBAN_DE }, 400, 'PSOF0013'],
      ['a too long IBAN', { IBAN: 'D'.repeat(65), Kontoinhaber: 'F' }, 400, 'PSOF0013'],
    ])('refuses %s and stores nothing', async (_name, body, status, code) => {
      const recipient = await newRecipient();
      await consent('alpha', recipient.Token);
      const response = await bankData('alpha', recipient.Token, body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
      if (code === 'PSOF0332') expect(response.json()).toMatchObject({ message: 'IBAN ist nicht gültig' });
      if (code === 'PSOF0333') {
        expect(response.json()).toMatchObject({
          message: 'IBAN ist nicht gültig: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.',
        });
      }
      expect((await recipientRow(recipient.Empfaengernummer)).iban_encrypted).toBeNull();
    });

    it('accepts a foreign IBAN where the mandant allows it, and refuses bank data where it stores none', async () => {
      const onBeta = await newRecipient('beta');
      await consent('beta', onBeta.Token);
      expect(
        (await bankData('beta', onBeta.Token, { IBAN: IBAN_AT, Kontoinhaber: 'Fritz' })).statusCode,
      ).toBe(204);
      const onGamma = await newRecipient('gamma');
      await consent('gamma', onGamma.Token);
      const refused = await bankData('gamma', onGamma.Token, { IBAN: IBAN_DE, Kontoinhaber: 'Fritz' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'PSOF0338' });
    });
  });

  describe('GET /empfaenger/auftrag', () => {
    it('answers the recipient’s own state', async () => {
      const recipient = await newRecipient();
      const before = await order('alpha', recipient.Token);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({
        Empfaengernummer: recipient.Empfaengernummer,
        Empfehlungsnummer: recipient.nr,
        Vorname: 'Felix',
        Nachname: 'Freund',
        Email: 'felix.freund@example.net',
        Zustimmung: false,
        Bankdaten: null,
        BankdatenErforderlich: true,
        // 6000 × 50 % = 3000, capped at 2000 on alpha.
        Praemie: { WertCent: 2000, AnteilEmpfaenger: 50 },
      });
      await consent('alpha', recipient.Token);
      expect((await order('alpha', recipient.Token)).json()).toMatchObject({ Zustimmung: true });
    });
  });

  describe('POST tracking/abschliessen/', () => {
    const completion = (
      recipient: { nr: string; Empfaengernummer: string },
      data: Record<string, unknown> = {},
    ) => ({
      empfehlungsnummer: recipient.nr,
      empfaengernummer: recipient.Empfaengernummer,
      empfaengerdaten: {
        anrede: 'Herr',
        vorname: 'Felix',
        name: 'Freund',
        geburtsdatum: '24.12.1990',
        email: 'Felix.Freund@example.net',
        telefon: '+49 30 1234567',
        werbeeinwilligung: 'yes',
        adresse: { ort: 'Berlin', plz: '10115', strasse: 'Invalidenstraße', hausnummer: '1a' },
        ...data,
      },
    });
    const track = (token: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/alpha/tracking/abschliessen/?channel=co&einsprungsquelle=Einsprungslink',
        headers: recipientHeaders(token),
        payload: body as Record<string, unknown>,
      });
    const trackingRows = (recipientId: string) =>
      app.database.kysely
        .selectFrom('tracking_completion')
        .selectAll()
        .where('recipient_id', '=', recipientId)
        .execute();

    it('stores the completion with the birth date parsed as day.month.year; a repeat replaces it', async () => {
      const recipient = await newRecipient();
      const response = await track(recipient.Token, completion(recipient));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        Empfehlungsnummer: recipient.nr,
        Empfaengernummer: recipient.Empfaengernummer,
      });
      const { id } = await recipientRow(recipient.Empfaengernummer);
      const [row] = await trackingRows(id);
      expect(row).toMatchObject({
        channel: 'co',
        einsprungsquelle: 'Einsprungslink',
        vorname: 'Felix',
        name: 'Freund',
        email: 'felix.freund@example.net',
        werbeeinwilligung: true,
        plz: '10115',
        hausnummer: '1a',
      });
      const birth = row?.geburtsdatum;
      expect(birth instanceof Date ? birth.toISOString().slice(0, 10) : String(birth).slice(0, 10)).toMatch(
        /^1990-12-2[34]$/,
      );
      const again = await track(
        recipient.Token,
        completion(recipient, { geburtsdatum: '1.2.1985', werbeeinwilligung: false }),
      );
      expect(again.statusCode).toBe(200);
      const rows = await trackingRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.werbeeinwilligung).toBe(false);
    });

    it.each([
      ['31.02.1990', 'PSOF0336'],
      ['1990-12-24', 'PSOF0336'],
      ['24.12.90', 'PSOF0336'],
      ['24.12.2999', 'PSOF0336'],
    ])('refuses the birth date %s with 422 %s', async (geburtsdatum, code) => {
      const recipient = await newRecipient();
      const response = await track(recipient.Token, completion(recipient, { geburtsdatum }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code });
      const { id } = await recipientRow(recipient.Empfaengernummer);
      expect(await trackingRows(id)).toHaveLength(0);
    });

    it('refuses other numbers than the token’s (422 PSOF0337), a bad e-mail, bad fields and a missing token', async () => {
      const recipient = await newRecipient();
      const other = await newRecipient();
      const mismatch = await track(recipient.Token, completion(other));
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json()).toMatchObject({ code: 'PSOF0337' });
      expect((await track(recipient.Token, completion(recipient, { email: 'kaputt' }))).json()).toMatchObject(
        {
          code: 'PSOF0302',
        },
      );
      expect((await track(recipient.Token, completion(recipient, { telefon: '<script>' }))).statusCode).toBe(
        400,
      );
      expect((await track(recipient.Token, completion(recipient, { vorname: undefined }))).statusCode).toBe(
        400,
      );
      expect((await track(recipient.Token, { empfehlungsnummer: recipient.nr })).statusCode).toBe(400);
      const anonymous = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/tracking/abschliessen/',
        payload: completion(recipient),
      });
      expect(anonymous.statusCode).toBe(403);
    });
  });

  describe('erasure of unconfirmed recipients after 12 weeks', () => {
    it('erases due unconfirmed recipients (names, e-mail, bank data, tracking) and nothing else; their tokens stop working', async () => {
      const due = await newRecipient();
      const confirmed = await newRecipient();
      const notYet = await newRecipient();
      await consent('alpha', confirmed.Token);
      await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/tracking/abschliessen/',
        headers: recipientHeaders(due.Token),
        payload: {
          empfehlungsnummer: due.nr,
          empfaengernummer: due.Empfaengernummer,
          empfaengerdaten: { vorname: 'Felix', name: 'Freund' },
        },
      });
      const past = new Date(Date.now() - 1000);
      await app.database.kysely
        .updateTable('recipient')
        .set({ delete_after: past })
        .where('empfaengernummer', 'in', [due.Empfaengernummer, confirmed.Empfaengernummer])
        .execute();

      const erased = await app.jobs.run('eraseUnconfirmedRecipients');
      expect(erased).toBeGreaterThanOrEqual(1);

      const dueRow = await recipientRow(due.Empfaengernummer);
      expect(dueRow).toMatchObject({
        vorname: null,
        nachname: null,
        email: null,
        iban_encrypted: null,
        kontoinhaber: null,
      });
      expect(dueRow.erased_at).not.toBeNull();
      const tracking = await app.database.kysely
        .selectFrom('tracking_completion')
        .select('recipient_id')
        .where('recipient_id', '=', dueRow.id)
        .execute();
      expect(tracking).toHaveLength(0);
      expect((await recipientRow(confirmed.Empfaengernummer)).vorname).toBe('Felix');
      expect((await recipientRow(notYet.Empfaengernummer)).vorname).toBe('Felix');
      expect((await order('alpha', due.Token)).statusCode).toBe(403);
      // A second run finds nothing more to do.
      expect(await app.jobs.run('eraseUnconfirmedRecipients')).toBe(0);
    });
  });
});
