import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecipientRecommendation } from '../../schemas/recipient.ts';
import { countClicks, seedRecommendation } from '../support/seedRecommendation.ts';
import { ALPHA, bearer, databases, loginToken } from './helpers.ts';
import {
  buildRecipientTestApp,
  createdRecipient,
  createRecipient,
  FRIEND,
  recipientHeaders,
} from './recipientHelpers.ts';

describe.each(databases)('recipient view, code and create on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildRecipientTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  async function recipientRows(recommendationId: string) {
    return app.database.kysely
      .selectFrom('recipient')
      .selectAll()
      .where('recommendation_id', '=', recommendationId)
      .execute();
  }

  describe('GET /empfehlen/{nr}/{hex}, /empfehlen/any/{nr}/{hex}, /empfaenger/{hex}', () => {
    it('shows the recipient the recommendation: first name only, reward part capped by MaxEmpfaengerPraemieCent', async () => {
      const seeded = await seedRecommendation(app, {
        mandant: 'alpha',
        praemieCent: 7000,
        anteilEmpfehler: 50,
      });
      const response = await get(`/api/v1/alpha/empfehlen/${seeded.empfehlungsnummer}/${seeded.linkHex}`);
      expect(response.statusCode).toBe(200);
      const view = response.json<RecipientRecommendation>();
      expect(view).toMatchObject({
        Empfehlungsnummer: seeded.empfehlungsnummer,
        Hex: seeded.linkHex,
        ProduktId: '1',
        EmpfehlerVorname: 'Anna',
        AnteilEmpfehler: 50,
        // 7000 × 50 % = 3500, capped at alpha's 2000.
        Praemie: { WertCent: 2000, AnteilEmpfaenger: 50 },
        Abgelaufen: false,
        BankdatenErforderlich: true,
      });
      expect(view.GueltigBis).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(response.body).not.toContain(seeded.empfehlerEmail);
      expect(response.body).not.toContain('Beispiel');
    });

    it('answers the same by hex alone, in any letter case', async () => {
      const seeded = await seedRecommendation(app, {
        mandant: 'beta',
        praemieCent: 7000,
        anteilEmpfehler: 50,
      });
      const response = await get(`/api/v1/beta/empfaenger/${seeded.linkHex.toUpperCase()}`);
      expect(response.statusCode).toBe(200);
      // beta has no cap.
      expect(response.json()).toMatchObject({
        Empfehlungsnummer: seeded.empfehlungsnummer,
        Praemie: { WertCent: 3500 },
      });
    });

    it('has no reward part when the recommender keeps everything', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha', anteilEmpfehler: 100 });
      const response = await get(`/api/v1/alpha/empfehlen/${seeded.empfehlungsnummer}/${seeded.linkHex}`);
      expect(response.json()).toMatchObject({ Praemie: null });
    });

    it('answers 404 PSOF0330 for an unknown number, a wrong hex, a malformed number or another mandant’s recommendation', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const wrongHex = seeded.linkHex.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
      for (const url of [
        `/api/v1/alpha/empfehlen/1111111111/${seeded.linkHex}`,
        `/api/v1/alpha/empfehlen/${seeded.empfehlungsnummer}/${wrongHex}`,
        `/api/v1/alpha/empfehlen/${seeded.empfehlungsnummer}/abc`,
        `/api/v1/alpha/empfehlen/nummer/${seeded.linkHex}`,
        `/api/v1/beta/empfehlen/${seeded.empfehlungsnummer}/${seeded.linkHex}`,
        `/api/v1/alpha/empfehlen/any/${seeded.empfehlungsnummer}/${wrongHex}`,
        `/api/v1/beta/empfaenger/${seeded.linkHex}`,
        `/api/v1/alpha/empfaenger/${'0'.repeat(32)}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({
          code: 'PSOF0330',
          message: 'Diese Empfehlung gibt es nicht. Bitte prüfen Sie den Link.',
        });
      }
    });

    it('answers 410 PSOF0309 after 60 days or when cancelled; /any answers it flagged expired', async () => {
      const old = await seedRecommendation(app, { mandant: 'alpha', ageDays: 61 });
      const cancelled = await seedRecommendation(app, { mandant: 'alpha', status: 'Storniert' });
      for (const seeded of [old, cancelled]) {
        for (const url of [
          `/api/v1/alpha/empfehlen/${seeded.empfehlungsnummer}/${seeded.linkHex}`,
          `/api/v1/alpha/empfaenger/${seeded.linkHex}`,
        ]) {
          const response = await get(url);
          expect(response.statusCode).toBe(410);
          expect(response.json()).toMatchObject({
            code: 'PSOF0309',
            message: 'Diese Empfehlung ist leider nicht mehr möglich',
          });
        }
        const any = await get(`/api/v1/alpha/empfehlen/any/${seeded.empfehlungsnummer}/${seeded.linkHex}`);
        expect(any.statusCode).toBe(200);
        expect(any.json()).toMatchObject({ Empfehlungsnummer: seeded.empfehlungsnummer, Abgelaufen: true });
      }
    });
  });

  describe('GET /empfehlung/empfehlungscode/{code}', () => {
    it('leads from an offline code (typed in lower case, with a dash) to the recommendation and counts a click', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha', withCode: true });
      const typed = `${seeded.code?.slice(0, 4).toLowerCase()}-${seeded.code?.slice(4)}`;
      const response = await get(`/api/v1/alpha/empfehlung/empfehlungscode/${typed}?einsprungsquelle=code`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Empfehlungsnummer: seeded.empfehlungsnummer, Hex: seeded.linkHex });
      await app.clickBuffer.flush();
      expect(await countClicks(app, seeded.id)).toBe(1);
      const [row] = await app.database.kysely
        .selectFrom('click')
        .select('channel')
        .where('recommendation_id', '=', seeded.id)
        .execute();
      expect(row?.channel).toBe('code');
    });

    it('answers 404 PSOF0331 for an unknown or malformed code and 410 for an expired recommendation', async () => {
      for (const code of ['ZZZZZZZZ', 'abc', 'O0O0O0O0']) {
        const response = await get(`/api/v1/alpha/empfehlung/empfehlungscode/${code}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'PSOF0331' });
      }
      const expired = await seedRecommendation(app, { mandant: 'alpha', withCode: true, ageDays: 70 });
      const response = await get(`/api/v1/alpha/empfehlung/empfehlungscode/${expired.code}`);
      expect(response.statusCode).toBe(410);
      const other = await get(`/api/v1/beta/empfehlung/empfehlungscode/${expired.code}`);
      expect(other.statusCode).toBe(404);
    });

    it('limits code lookups per client address (429 PSOF0016 with Retry-After)', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 31; n++) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/v1/alpha/empfehlung/empfehlungscode/ZZZZZZZZ',
          remoteAddress: '10.20.30.40',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.headers['retry-after']).toMatch(/^\d+$/);
          expect(response.json()).toMatchObject({ code: 'PSOF0016' });
        }
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('GET /empfaenger/{nr}/praemie/', () => {
    it('answers the recipient’s part of the reward', async () => {
      const seeded = await seedRecommendation(app, {
        mandant: 'beta',
        praemieCent: 5000,
        anteilEmpfehler: 80,
      });
      const response = await get(`/api/v1/beta/empfaenger/${seeded.empfehlungsnummer}/praemie/`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ WertCent: 1000, AnteilEmpfaenger: 20 });
      expect((await get('/api/v1/beta/empfaenger/1111111111/praemie/')).statusCode).toBe(404);
    });
  });

  describe('POST /empfaenger/create/{nr}', () => {
    it('creates the recipient with a 10-digit number and a recipient token', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const response = await createRecipient(app, 'alpha', seeded.empfehlungsnummer, FRIEND, {
        channel: 'whatsapp',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ Empfaengernummer: string; Token: string }>();
      expect(body.Empfaengernummer).toMatch(/^[1-9][0-9]{9}$/);
      expect(body.Token.split('.')).toHaveLength(3);
      const rows = await recipientRows(seeded.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        mandant_id: 'alpha',
        empfaengernummer: body.Empfaengernummer,
        vorname: 'Felix',
        nachname: 'Freund',
        email: 'felix.freund@example.net',
        channel: 'whatsapp',
        confirmed_at: null,
      });
      // SPEC 9: unconfirmed data is erased after 12 weeks.
      const weeks = (new Date(rows[0]?.delete_after ?? 0).getTime() - Date.now()) / (7 * 24 * 3600 * 1000);
      expect(weeks).toBeGreaterThan(11.9);
      expect(weeks).toBeLessThan(12.1);
    });

    it('answers a replayed create (same e-mail in another spelling) with the same recipient, no duplicate', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const first = await createdRecipient(app, 'alpha', seeded.empfehlungsnummer);
      const replays = await Promise.all(
        [' Felix.Freund@Example.NET ', 'felix.freund@example.net'].map((Email) =>
          createRecipient(app, 'alpha', seeded.empfehlungsnummer, { ...FRIEND, Email }),
        ),
      );
      for (const replay of replays) {
        expect(replay.statusCode).toBe(200);
        expect(replay.json()).toMatchObject({ Empfaengernummer: first.Empfaengernummer });
      }
      expect(await recipientRows(seeded.id)).toHaveLength(1);
    });

    it('creates one recipient when the same create races with itself', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => createRecipient(app, 'alpha', seeded.empfehlungsnummer, FRIEND)),
      );
      const numbers = new Set(
        answers.map((answer) => answer.json<{ Empfaengernummer: string }>().Empfaengernummer),
      );
      expect(numbers.size).toBe(1);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(await recipientRows(seeded.id)).toHaveLength(1);
    });

    it('gives a second friend of the same recommendation a recipient of their own', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const first = await createdRecipient(app, 'alpha', seeded.empfehlungsnummer);
      const second = await createdRecipient(app, 'alpha', seeded.empfehlungsnummer, {
        ...FRIEND,
        Email: 'frieda@example.net',
      });
      expect(second.Empfaengernummer).not.toBe(first.Empfaengernummer);
    });

    it('refuses the recommender’s own e-mail with PSOF0303 and writes nothing', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha', empfehlerEmail: 'anna@example.org' });
      const response = await createRecipient(app, 'alpha', seeded.empfehlungsnummer, {
        ...FRIEND,
        Email: ' Anna@Example.org',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'PSOF0303',
        message: 'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.',
      });
      expect(await recipientRows(seeded.id)).toHaveLength(0);
    });

    it.each([
      ['invalid e-mail', { Email: 'felix.freund' }, 422, 'PSOF0302'],
      ['terms false', { AgbAkzeptiert: false }, 422, 'PSOF0304'],
      ['terms "no"', { AgbAkzeptiert: 'no' }, 422, 'PSOF0304'],
      ['terms 0', { AgbAkzeptiert: 0 }, 422, 'PSOF0304'],
      ['terms missing', { AgbAkzeptiert: undefined }, 400, 'PSOF0013'],
      ['first name missing', { Vorname: undefined }, 400, 'PSOF0013'],
      ['first name blank', { Vorname: '   ' }, 400, 'PSOF0013'],
      ['last name too long', { Nachname: 'x'.repeat(101) }, 400, 'PSOF0013'],
      ['e-mail a number', { Email: 42 }, 422, 'PSOF0302'],
      ['e-mail an object', { Email: { address: 'x@example.org' } }, 400, 'PSOF0013'],
    ])('refuses %s and writes nothing', async (_name, change, status, code) => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const response = await createRecipient(app, 'alpha', seeded.empfehlungsnummer, {
        ...FRIEND,
        ...change,
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
      expect(await recipientRows(seeded.id)).toHaveLength(0);
    });

    it.each([
      ['"yes"', 'yes'],
      ['a positive number', 1],
      ['"1"', '1'],
    ])('accepts the terms given as %s (SPEC 5)', async (_name, value) => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const response = await createRecipient(app, 'alpha', seeded.empfehlungsnummer, {
        ...FRIEND,
        AgbAkzeptiert: value,
      });
      expect(response.statusCode).toBe(201);
    });

    it('ignores fields it does not know: they are never stored', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const response = await createRecipient(app, 'alpha', seeded.empfehlungsnummer, {
        ...FRIEND,
        IBAN: 'DE89370400440532013000',
      });
      expect(response.statusCode).toBe(201);
      const [row] = await recipientRows(seeded.id);
      expect(row?.iban_encrypted).toBeNull();
    });

    it('refuses malformed and oversized bodies', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const url = `/api/v1/alpha/empfaenger/create/${seeded.empfehlungsnummer}`;
      const malformed = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"Vorname": "Fel',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'PSOF0013' });
      const oversized = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...FRIEND, Vorname: 'x'.repeat(200 * 1024) }),
      });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toMatchObject({ code: 'PSOF0014' });
      const text = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'hi',
      });
      expect(text.statusCode).toBe(415);
      expect(await recipientRows(seeded.id)).toHaveLength(0);
    });

    it('refuses unknown (404), another mandant’s (404) and expired (410) recommendations', async () => {
      const alphaOnly = await seedRecommendation(app, { mandant: 'alpha' });
      const expired = await seedRecommendation(app, { mandant: 'alpha', ageDays: 60.5 });
      const unknown = await createRecipient(app, 'alpha', '1111111111', FRIEND);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'PSOF0330' });
      const other = await createRecipient(app, 'beta', alphaOnly.empfehlungsnummer, FRIEND);
      expect(other.statusCode).toBe(404);
      const late = await createRecipient(app, 'alpha', expired.empfehlungsnummer, FRIEND);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({ code: 'PSOF0309' });
      expect(await recipientRows(expired.id)).toHaveLength(0);
    });

    it('limits creation per client address (429 PSOF0016)', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 21; n++) {
        const seeded = await seedRecommendation(app, { mandant: 'alpha' });
        const response = await createRecipient(app, 'alpha', seeded.empfehlungsnummer, FRIEND, {
          remoteAddress: '10.77.0.1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('limits creation per recommendation, whatever the address', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const statuses: number[] = [];
      for (let n = 0; n < 31; n++) {
        const response = await createRecipient(
          app,
          'alpha',
          seeded.empfehlungsnummer,
          { ...FRIEND, Email: `freund${n}@example.net` },
          { remoteAddress: `10.88.${n}.1` },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect(await recipientRows(seeded.id)).toHaveLength(30);
    });
  });

  describe('recipient tokens', () => {
    it('are never a login session, and a login session is never a recipient token', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const { Token } = await createdRecipient(app, 'alpha', seeded.empfehlungsnummer);
      const asSession = await get('/api/v1/alpha/account/user', bearer(Token));
      expect(asSession.statusCode).toBe(401);
      expect(asSession.json()).toMatchObject({ code: 'PSOF0204' });
      const session = await loginToken(app, 'alpha', ALPHA.anna);
      const asRecipient = await get('/api/v1/alpha/empfaenger/auftrag', recipientHeaders(session));
      expect(asRecipient.statusCode).toBe(403);
      expect(asRecipient.json()).toMatchObject({ code: 'PSOF0334' });
    });

    it('belong to their mandant, and a missing or forged token is refused with 403 PSOF0334', async () => {
      const seeded = await seedRecommendation(app, { mandant: 'alpha' });
      const { Token } = await createdRecipient(app, 'alpha', seeded.empfehlungsnummer);
      expect((await get('/api/v1/alpha/empfaenger/auftrag', recipientHeaders(Token))).statusCode).toBe(200);
      const [header, payload, signature] = Token.split('.');
      const forged = `${header}.${payload}.${signature?.slice(0, -2)}xx`;
      for (const headers of [{}, recipientHeaders(forged), recipientHeaders('nonsense')]) {
        const response = await get('/api/v1/alpha/empfaenger/auftrag', headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'PSOF0334' });
      }
      const otherMandant = await get('/api/v1/beta/empfaenger/auftrag', recipientHeaders(Token));
      expect(otherMandant.statusCode).toBe(403);
    });
  });
});
