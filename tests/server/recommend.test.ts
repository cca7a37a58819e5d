import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';
import {
  createAsGuest,
  freshAddress,
  RECOMMEND_MANDANTS,
  recommendBody,
  solvedCaptcha,
} from './recommendHelpers.ts';

const ANNA = { email: 'anna@alpha.example', password: 'Passwort123' };
const TERMS_DE = 'Ich akzeptiere die Teilnahmebedingungen und die Prämienbedingungen.';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databases)('POST /Empfehlen/create on $name', (database) => {
  let app: FastifyInstance;
  let annaToken: string;
  let counter = 0;
  /** A recommender e-mail no other test uses, so the existing-recommendation rule stays out of the way. */
  const uniqueEmail = (domain = 'example.org') => `person${++counter}@${domain}`;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: RECOMMEND_MANDANTS });
    annaToken = await loginToken(app, 'alpha', ANNA);
  });
  afterAll(() => app?.close());

  const countRecommendations = async () =>
    Number(
      (
        await app.database.kysely
          .selectFrom('recommendation')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowOf = (nr: string) =>
    app.database.kysely
      .selectFrom('recommendation')
      .selectAll()
      .where('empfehlungsnummer', '=', nr)
      .executeTakeFirstOrThrow();
  const createAsAnna = (body: unknown, remoteAddress = freshAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/alpha/Empfehlen/create',
      headers: bearer(annaToken),
      payload: body as object,
      remoteAddress,
    });

  describe('captcha check (no body)', () => {
    it('asks every guest for a captcha', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/alpha/Empfehlen/create' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ CaptchaErforderlich: true });
    });

    it('answers axios’ empty form POST like no body', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/empfehlen/create',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
      });
      expect(response.json()).toEqual({ CaptchaErforderlich: true });
    });

    it('needs none for a logged-in recommender', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: bearer(annaToken),
      });
      expect(response.json()).toEqual({ CaptchaErforderlich: false });
    });

    it('ends a dead session instead of treating its user as a guest', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: bearer('not-a-token'),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('PSOF0204');
    });
  });

  describe('creating', () => {
    it('creates a guest’s recommendation with links, reward, offline code and owner token', async () => {
      const email = uniqueEmail();
      const before = Date.now();
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: `  ${email.toUpperCase()} ` } }),
      );
      expect(response.statusCode).toBe(201);
      const view = response.json<RecommendationView>();
      expect(view).toEqual({
        Empfehlungsnummer: expect.stringMatching(/^[0-9]{10}$/),
        Art: 'standard',
        Status: 'Offen',
        Produkt: { Id: '101', Name: 'Hausratversicherung', Quelle: 'generisch' },
        // 90 € reward ended in 2020: only the active 40 € counts.
        Praemie: { WertCent: 4000, EmpfehlerCent: 4000, EmpfaengerCent: 0 },
        AnteilEmpfehler: 100,
        EmpfehlerVorname: 'Erika',
        GueltigBis: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
        Abgelaufen: false,
        OptinAusstehend: false,
        Empfehlungslink: `http://localhost:80/empfehlen/click/${view.Empfehlungsnummer}`,
        KurzURL: `http://localhost:80/e/${view.Empfehlungsnummer}`,
        LinkTyp: 'Empfehlungslink',
        Channel: null,
        Code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
        Verwaltungstoken: expect.any(String),
      });
      const row = await rowOf(view.Empfehlungsnummer);
      expect(row).toMatchObject({
        mandant_id: 'alpha',
        kind: 'standard',
        account_id: null,
        empfehler_vorname: 'Erika',
        empfehler_email: email,
        produkt_id: '101',
        produkt_quelle: 'generisch',
        anteil_empfehler: 100,
        praemie_cent: 4000,
        code: view.Code,
        link_hex: expect.stringMatching(/^[0-9a-f]{32}$/),
        agb_text_version: createHash('sha256').update(TERMS_DE).digest('hex'),
      });
      // SPEC 9: the friend has 60 days to follow the link.
      const expires = new Date(row.link_expires_at).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 60 * DAY_MS);
      expect(expires).toBeLessThanOrEqual(Date.now() + 60 * DAY_MS);
    });

    it('creates for a logged-in recommender without captcha, as their account', async () => {
      const response = await createAsAnna(
        recommendBody({ Empfehler: { Vorname: 'Anna', Nachname: 'Alphaweg', Email: 'other@example.org' } }),
      );
      expect(response.statusCode).toBe(201);
      const row = await rowOf(response.json<RecommendationView>().Empfehlungsnummer);
      expect(row.account_id).not.toBeNull();
      expect(row.empfehler_email).toBe('anna@alpha.example');
    });

    it('links a guest to the account of the e-mail, and refuses an account that may not take part', async () => {
      const blocked = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: 'gerd@alpha.example' } }),
      );
      expect(blocked.statusCode).toBe(422);
      expect(blocked.json()).toEqual({
        code: 'PSOF0301',
        message: 'Diese E-Mail-Adresse ist nicht zugelassen. Bitte wenden Sie sich an den Support.',
      });
    });

    it('stores the campaign consents with the version of the legal text', async () => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({
          Empfehler: { Email: uniqueEmail() },
          Empfehlung: { Aktionen: [{ AktionsId: 'gewinnspiel', Zustimmung: true }] },
        }),
      );
      expect(response.statusCode).toBe(201);
      const row = await rowOf(response.json<RecommendationView>().Empfehlungsnummer);
      expect(row.aktionen).toEqual([
        {
          AktionsId: 'gewinnspiel',
          Zustimmung: true,
          textVersion: createHash('sha256').update('Ich möchte teilnehmen.').digest('hex'),
        },
      ]);
    });

    it.each([
      ['an unknown campaign', 'gibt-es-nicht'],
      ['an ended campaign', 'vorbei'],
    ])('refuses %s with 422 PSOF0323', async (_case, id) => {
      const response = await createAsAnna(
        recommendBody({ Empfehlung: { Produkt: 102, Aktionen: [{ AktionsId: id, Zustimmung: true }] } }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('PSOF0323');
    });

    it('keeps the friend named in Empfaenger as a recipient of the recommendation', async () => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({
          Empfehler: { Email: uniqueEmail() },
          Empfaenger: { Vorname: 'Fritz', Nachname: 'Freund', Email: 'Fritz@Example.org' },
        }),
      );
      expect(response.statusCode).toBe(201);
      const row = await rowOf(response.json<RecommendationView>().Empfehlungsnummer);
      const recipients = await app.database.kysely
        .selectFrom('recipient')
        .selectAll()
        .where('recommendation_id', '=', row.id)
        .execute();
      expect(recipients).toHaveLength(1);
      expect(recipients[0]).toMatchObject({
        mandant_id: 'alpha',
        vorname: 'Fritz',
        email: 'fritz@example.org',
      });
    });
  });

  describe('rules and their SPEC messages', () => {
    it('refuses missing terms with PSOF0304 and writes nothing', async () => {
      const before = await countRecommendations();
      const response = await createAsAnna(recommendBody({ Empfehlung: { AgbAkzeptiert: undefined } }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'PSOF0304',
        message: 'Bitte akzeptieren Sie die AGB und die Prämienbedingungen.',
      });
      expect(await countRecommendations()).toBe(before);
    });

    it.each([
      ['false', false, 422],
      ['"no"', 'no', 422],
      ['0', 0, 422],
      ['"yes"', 'yes', 201],
      ['a positive number', 2, 201],
    ])('SPEC 5: terms %s', async (_case, value, status) => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { AgbAkzeptiert: value } }),
      );
      expect(response.statusCode).toBe(status);
    });

    it('refuses an invalid e-mail with SPEC’s message', async () => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: 'keine-adresse' } }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'PSOF0302',
        message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
        details: [{ pointer: '/Empfehler/Email' }],
      });
    });

    it('EmailWhitelist: only the listed domains take part', async () => {
      const refused = await createAsGuest(
        app,
        'strict',
        recommendBody({ Empfehlung: { Produkt: 201 }, Empfehler: { Email: uniqueEmail('example.org') } }),
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      const allowed = await createAsGuest(
        app,
        'strict',
        recommendBody({
          Empfehlung: { Produkt: 201 },
          Empfehler: { Email: uniqueEmail('abteilung.firma.example') },
        }),
      );
      expect(allowed.statusCode).toBe(201);
    });

    it('AllowSelfRecommendation off: the friend’s e-mail must differ from the recommender’s', async () => {
      const email = uniqueEmail();
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: email }, Empfaenger: { Email: email.toUpperCase() } }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'PSOF0303',
        message: 'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.',
      });
    });

    it('refuses a second open recommendation of the same product with PSOF0300', async () => {
      const email = uniqueEmail();
      const first = await createAsGuest(app, 'alpha', recommendBody({ Empfehler: { Email: email } }));
      expect(first.statusCode).toBe(201);
      const again = await createAsGuest(app, 'alpha', recommendBody({ Empfehler: { Email: email } }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'PSOF0300', message: 'Diese Empfehlung existiert bereits.' });
      const otherProduct = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: email }, Empfehlung: { Produkt: 102 } }),
      );
      expect(otherProduct.statusCode).toBe(201);
    });

    it('a product without an active reward has none to show', async () => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { Produkt: 102 } }),
      );
      expect(response.json<RecommendationView>().Praemie).toBeNull();
    });
  });

  describe('reward split (SPEC 5: parsed as integer, default share, 50:50)', () => {
    it.each([
      [undefined, 100, 4000, 0],
      ['50', 50, 2000, 2000],
      [50, 50, 2000, 2000],
      ['100', 100, 4000, 0],
    ])('AnteilEmpfehler %s → %i %', async (value, share, recommender, recipient) => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { AnteilEmpfehler: value } }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json<RecommendationView>()).toMatchObject({
        AnteilEmpfehler: share,
        Praemie: { WertCent: 4000, EmpfehlerCent: recommender, EmpfaengerCent: recipient },
      });
    });

    it('refuses a split the form does not offer', async () => {
      const response = await createAsAnna(
        recommendBody({ Empfehlung: { Produkt: 102, AnteilEmpfehler: '0' } }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('PSOF0322');
    });

    it('uses the mandant’s default share and caps the recipient’s part (MaxEmpfaengerPraemieCent)', async () => {
      const response = await createAsGuest(
        app,
        'strict',
        recommendBody({ Empfehlung: { Produkt: 201 }, Empfehler: { Email: uniqueEmail('firma.example') } }),
      );
      expect(response.json<RecommendationView>()).toMatchObject({
        AnteilEmpfehler: 50,
        Praemie: { WertCent: 5000, EmpfaengerCent: 1000, EmpfehlerCent: 4000 },
      });
    });
  });

  describe('products', () => {
    it('answers an unknown product with 404 PSOF0110', async () => {
      const response = await createAsAnna(recommendBody({ Empfehlung: { Produkt: 999 } }));
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0110');
    });

    it('does not know another mandant’s product', async () => {
      const response = await createAsAnna(recommendBody({ Empfehlung: { Produkt: 201 } }));
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0110');
    });

    it('agent list: recommends an agent by ExterneId', async () => {
      const response = await createAsGuest(
        app,
        'beratung',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { Produkt: 'b-1' } }),
      );
      expect(response.statusCode).toBe(201);
      const view = response.json<RecommendationView>();
      expect(view.Produkt).toEqual({ Id: 'B-1', Name: 'Bea Berger', Quelle: 'berater' });
      expect(view.Praemie).toBeNull();
      expect((await rowOf(view.Empfehlungsnummer)).agent_nummer).toBe('B-1');
      const unknown = await createAsGuest(
        app,
        'beratung',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { Produkt: 'B-9' } }),
      );
      expect(unknown.json().code).toBe('PSOF0111');
    });
  });

  describe('kinds: agent, company, offline code', () => {
    it('agent recommendation: the agent number is required and stored', async () => {
      const missing = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { Art: 'agent' } }),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'PSOF0013',
        details: [{ pointer: '/Empfehlung/Agentennummer' }],
      });
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({
          Empfehler: { Email: uniqueEmail() },
          Empfehlung: { Art: 'agent', Agentennummer: 'CC-4711' },
        }),
      );
      expect(response.statusCode).toBe(201);
      const row = await rowOf(response.json<RecommendationView>().Empfehlungsnummer);
      expect(row).toMatchObject({ kind: 'agent', agent_nummer: 'CC-4711' });
    });

    it('company recommendation stores the company', async () => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({
          Empfehler: { Email: uniqueEmail(), Firma: 'Muster GmbH' },
          Empfehlung: { Art: 'company' },
        }),
      );
      expect(response.statusCode).toBe(201);
      expect(await rowOf(response.json<RecommendationView>().Empfehlungsnummer)).toMatchObject({
        kind: 'company',
        empfehler_firma: 'Muster GmbH',
      });
    });

    it('offline recommendation carries its code', async () => {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfehlung: { Art: 'offline' } }),
      );
      expect(response.json<RecommendationView>()).toMatchObject({ Art: 'offline', Code: expect.any(String) });
    });

    it.each(['agent', 'company', 'offline'] as const)(
      'refuses %s where its module is off (PSOF0321)',
      async (kind) => {
        const response = await createAsGuest(
          app,
          'strict',
          recommendBody({
            Empfehlung: { Produkt: 201, Art: kind, Agentennummer: 'CC-1' },
            Empfehler: { Email: uniqueEmail('firma.example'), Firma: 'F' },
          }),
        );
        expect(response.statusCode).toBe(422);
        expect(response.json().code).toBe('PSOF0321');
      },
    );

    it('a mandant without ModuleErstelleOfflineEmpfehlungCode hands out no code', async () => {
      const response = await createAsGuest(
        app,
        'strict',
        recommendBody({ Empfehlung: { Produkt: 201 }, Empfehler: { Email: uniqueEmail('firma.example') } }),
      );
      expect(response.json<RecommendationView>().Code).toBeNull();
    });
  });

  describe('replayed creates (Idempotency-Key)', () => {
    it('answers a replay with the recommendation made the first time, without a second row', async () => {
      const key = 'replay-key-0123456789abcdef';
      const body = recommendBody({ Empfehler: { Email: uniqueEmail() } });
      body.Captcha = await solvedCaptcha(app, 'alpha');
      const first = await createAsGuest(app, 'alpha', body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      const before = await countRecommendations();
      // The same request again — its captcha is used up, yet the replay is answered, not refused.
      const second = await createAsGuest(app, 'alpha', body, { 'idempotency-key': key });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await countRecommendations()).toBe(before);
    });

    it('answers parallel replays with one recommendation', async () => {
      const body = recommendBody({ Empfehler: { Email: uniqueEmail() } });
      const headers = { 'idempotency-key': 'parallel-key-0123456789abcdef' };
      const responses = await Promise.all(
        [1, 2, 3].map(() => createAsGuest(app, 'alpha', { ...body }, headers)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(responses.map((response) => response.json().Empfehlungsnummer)).size).toBe(1);
      const rows = await app.database.kysely
        .selectFrom('recommendation')
        .select('id')
        .where('idempotency_key', '=', headers['idempotency-key'])
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a malformed key', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: { ...bearer(annaToken), 'idempotency-key': 'kurz' },
        payload: recommendBody(),
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].pointer).toBe('/headers/Idempotency-Key');
    });
  });

  describe('bad input', () => {
    it.each([
      ['no Empfehler', { Empfehlung: { Produkt: 101, AgbAkzeptiert: true } }, '/Empfehler'],
      ['an unknown field', { ...recommendBody(), Rabatt: 100 }, '/Rabatt'],
      ['a blank first name', recommendBody({ Empfehler: { Vorname: '   ' } }), '/Empfehler/Vorname'],
      [
        'an object as product',
        recommendBody({ Empfehlung: { Produkt: {} as unknown as number } }),
        '/Empfehlung/Produkt',
      ],
      ['an unknown kind', recommendBody({ Empfehlung: { Art: 'vip' as 'agent' } }), '/Empfehlung/Art'],
      [
        'a very long name',
        recommendBody({ Empfehler: { Nachname: 'x'.repeat(500) } }),
        '/Empfehler/Nachname',
      ],
    ])('answers %s with 400 PSOF0013 and where', async (_case, body, pointer) => {
      const before = await countRecommendations();
      const response = await createAsAnna(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PSOF0013');
      expect(response.json().details.map((detail: { pointer: string }) => detail.pointer)).toContain(pointer);
      expect(await countRecommendations()).toBe(before);
    });

    it('answers malformed JSON with 400 and an oversized body with 413', async () => {
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: { 'content-type': 'application/json' },
        payload: '{"Empfehlung": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('PSOF0013');
      const oversized = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(recommendBody({ Empfehler: { Firma: 'x'.repeat(200 * 1024) } })),
      });
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().code).toBe('PSOF0014');
    });

    it('answers an unknown mandant with 404 PSOF0010', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/niemand/Empfehlen/create' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0010');
    });
  });

  describe('captcha on create', () => {
    it('requires one from a guest (PSOF0307)', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        payload: recommendBody({ Empfehler: { Email: uniqueEmail() } }),
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'PSOF0307',
        message: 'Bitte lösen Sie die Sicherheitsabfrage.',
      });
    });

    it('refuses a wrong, a replayed and another mandant’s captcha (PSOF0308)', async () => {
      const wrong = await createAsGuest(
        app,
        'alpha',
        recommendBody({
          Empfehler: { Email: uniqueEmail() },
          Captcha: Buffer.from('{"x":1}').toString('base64'),
        }),
      );
      expect(wrong.json().code).toBe('PSOF0308');

      const captcha = await solvedCaptcha(app, 'alpha');
      const first = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Captcha: captcha }),
      );
      expect(first.statusCode).toBe(201);
      const replayed = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Captcha: captcha }),
      );
      expect(replayed.statusCode).toBe(422);
      expect(replayed.json().code).toBe('PSOF0308');

      const strictCaptcha = await solvedCaptcha(app, 'strict');
      const foreign = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Captcha: strictCaptcha }),
      );
      expect(foreign.json().code).toBe('PSOF0308');
    });

    it('does not use up the captcha when another rule refuses the request', async () => {
      const captcha = await solvedCaptcha(app, 'alpha');
      const email = uniqueEmail();
      const refused = await createAsGuest(
        app,
        'alpha',
        recommendBody({
          Empfehler: { Email: email },
          Empfehlung: { AgbAkzeptiert: false },
          Captcha: captcha,
        }),
      );
      expect(refused.json().code).toBe('PSOF0304');
      const fixed = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: email }, Captcha: captcha }),
      );
      expect(fixed.statusCode).toBe(201);
    });
  });

  describe('rate limits (429 PSOF0016 with Retry-After; every attempt counts)', () => {
    const attempt = (email: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        payload: recommendBody({ Empfehlung: { Produkt: 998 }, Empfehler: { Email: email } }),
        remoteAddress,
      });

    it('per client address: 30 an hour', async () => {
      for (let index = 0; index < 30; index++) {
        expect((await attempt(uniqueEmail(), '10.200.0.1')).statusCode).toBe(404);
      }
      const limited = await attempt(uniqueEmail(), '10.200.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('PSOF0016');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(uniqueEmail(), '10.200.0.2')).statusCode).toBe(404);
    });

    it('per recommender e-mail: 10 an hour, from any address', async () => {
      const email = uniqueEmail();
      for (let index = 0; index < 10; index++)
        expect((await attempt(email, freshAddress())).statusCode).toBe(404);
      expect((await attempt(email.toUpperCase(), freshAddress())).statusCode).toBe(429);
    });
  });

  it('is scoped by mandant: another mandant does not know the number', async () => {
    const created = await createAsGuest(app, 'alpha', recommendBody({ Empfehler: { Email: uniqueEmail() } }));
    const nr = created.json<RecommendationView>().Empfehlungsnummer;
    const response = await app.inject({ method: 'GET', url: `/api/v1/strict/empfehlen/${nr}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PSOF0330');
  });

  it('keeps the recommendation intact when the database refuses part of it', async () => {
    // A recipient number clash cannot happen by chance; a check constraint on the e-mail can be provoked:
    // the whole create rolls back, no recommendation without its recipient stays behind.
    const before = await countRecommendations();
    await sql`alter table recipient add constraint test_no_friends check (email <> 'kaputt@example.org')`.execute(
      app.database.kysely,
    );
    try {
      const response = await createAsGuest(
        app,
        'alpha',
        recommendBody({ Empfehler: { Email: uniqueEmail() }, Empfaenger: { Email: 'kaputt@example.org' } }),
      );
      expect(response.statusCode).toBe(500);
      expect(await countRecommendations()).toBe(before);
    } finally {
      await sql`alter table recipient drop constraint test_no_friends`.execute(app.database.kysely);
    }
  });
});
