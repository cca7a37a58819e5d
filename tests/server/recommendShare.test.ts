import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_TOKEN_HEADER, type RecommendationView } from '../../schemas/recommendFormApi.ts';
import { bearer, buildTestApp, databases, loginToken } from './helpers.ts';
import { createAsGuest, freshAddress, RECOMMEND_MANDANTS, recommendBody } from './recommendHelpers.ts';

describe.each(databases)('share calls on $name', (database) => {
  let app: FastifyInstance;
  let created: RecommendationView;
  let annaToken: string;
  let annas: RecommendationView;

  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: RECOMMEND_MANDANTS });
    created = (
      await createAsGuest(app, 'alpha', recommendBody({ Empfehler: { Email: 'teilen@example.org' } }))
    ).json<RecommendationView>();
    annaToken = await loginToken(app, 'alpha', { email: 'anna@alpha.example', password: 'Passwort123' });
    annas = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/alpha/Empfehlen/create',
        headers: bearer(annaToken),
        payload: recommendBody(),
        remoteAddress: freshAddress(),
      })
    ).json<RecommendationView>();
  });
  afterAll(() => app?.close());

  const ownerHeaders = (view: RecommendationView) => ({ [OWNER_TOKEN_HEADER]: view.Verwaltungstoken ?? '' });

  describe('GET empfehlen/{nr}', () => {
    it('shows the public view: no code, no token, only the first name', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlen/${created.Empfehlungsnummer}`,
      });
      expect(response.statusCode).toBe(200);
      const { Code: _code, Verwaltungstoken: _token, ...expected } = created;
      expect(response.json()).toEqual(expected);
      expect(response.body).not.toContain('teilen@example.org');
      expect(response.body).not.toContain('Muster');
    });

    it('shows the owner the offline code (token, or the logged-in recommender)', async () => {
      const byToken = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlen/${created.Empfehlungsnummer}`,
        headers: ownerHeaders(created),
      });
      expect(byToken.json()).toEqual(created);
      const byLogin = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlen/${annas.Empfehlungsnummer}`,
        headers: bearer(annaToken),
      });
      expect(byLogin.json().Code).toBe(annas.Code);
      const foreignToken = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlen/${annas.Empfehlungsnummer}`,
        headers: ownerHeaders(created),
      });
      expect(foreignToken.json().Code).toBeUndefined();
    });

    it.each([
      ['an unknown number', '/api/v1/alpha/empfehlen/1234567890', 404, 'PSOF0330'],
      ['a malformed number', '/api/v1/alpha/empfehlen/12ab', 400, 'PSOF0013'],
    ])('answers %s', async (_case, url, status, code) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
    });
  });

  describe('PUT /empfehlung/{nr}', () => {
    const put = (view: RecommendationView, payload: object, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/alpha/empfehlung/${view.Empfehlungsnummer}`,
        payload,
        headers,
      });

    it('lets the owner record channel and link type', async () => {
      const response = await put(
        created,
        { Channel: 'whatsapp', Empfehlungslink: false },
        ownerHeaders(created),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ Channel: 'whatsapp', LinkTyp: 'KurzURL' });
      const row = await app.database.kysely
        .selectFrom('recommendation')
        .select(['channel', 'link_type'])
        .where('empfehlungsnummer', '=', created.Empfehlungsnummer)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ channel: 'whatsapp', link_type: 'KurzURL' });
    });

    it('lets the logged-in owner change theirs', async () => {
      const response = await put(annas, { Empfehlungslink: true, Channel: 'copy' }, bearer(annaToken));
      expect(response.json()).toMatchObject({ Channel: 'copy', LinkTyp: 'Empfehlungslink' });
    });

    it.each([
      ['no proof', {}],
      ['a forged token', { [OWNER_TOKEN_HEADER]: 'x'.repeat(43) }],
    ])('refuses anyone else (%s) with 403 PSOF0320', async (_case, headers) => {
      const response = await put(created, { Channel: 'email' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PSOF0320');
    });

    it('refuses another recommender', async () => {
      const response = await put(created, { Channel: 'email' }, bearer(annaToken));
      expect(response.statusCode).toBe(403);
    });

    it.each([
      ['an unknown channel', { Channel: 'fax' }],
      ['nothing to change', {}],
      ['a wrong type', { Empfehlungslink: 'ja' }],
    ])('answers %s with 400', async (_case, payload) => {
      const response = await put(created, payload, ownerHeaders(created));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PSOF0013');
    });
  });

  describe('GET /empfehlung/{nr}/produkt/produktlink', () => {
    it('leads to the client’s site with what credits the order', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlung/${created.Empfehlungsnummer}/produkt/produktlink?channel=email&empfaengernummer=5555555555`,
      });
      expect(response.statusCode).toBe(200);
      const link = new URL(response.json().Produktlink);
      expect(link.origin).toBe('https://www.alpha-kunde.example');
      expect(Object.fromEntries(link.searchParams)).toEqual({
        empfehlungsnummer: created.Empfehlungsnummer,
        empfaengernummer: '5555555555',
        channel: 'email',
        produkt: '101',
      });
    });

    it('answers an unknown number with 404 and a bad channel with 400', async () => {
      expect(
        (
          await app.inject({ method: 'GET', url: '/api/v1/alpha/empfehlung/1111111111/produkt/produktlink' })
        ).json().code,
      ).toBe('PSOF0330');
      const bad = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlung/${created.Empfehlungsnummer}/produkt/produktlink?channel=fax`,
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('QR code', () => {
    it('is an SVG image of the link, cacheable', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/alpha/empfehlung/${created.Empfehlungsnummer}/qr.svg`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(response.body).toContain('<path');
      expect(response.body).not.toMatch(/<script/i);
    });

    it('answers an unknown number with 404', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/alpha/empfehlung/2222222222/qr.svg' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0330');
    });
  });

  describe('GET /aktion/alleAktiven', () => {
    it('lists the active campaigns in the request language', async () => {
      const german = await app.inject({ method: 'GET', url: '/api/v1/alpha/aktion/alleAktiven' });
      expect(german.json()).toEqual([
        {
          AktionsId: 'gewinnspiel',
          Titel: 'Gewinnspiel',
          Text: 'Zehn Tablets zu gewinnen.',
          RechtsText: 'Ich möchte teilnehmen.',
          abgehakt: false,
          Zustimmung: true,
        },
      ]);
      const english = await app.inject({
        method: 'GET',
        url: '/api/v1/alpha/aktion/alleAktiven',
        headers: { 'x-accept-language': 'en' },
      });
      expect(english.json()[0]).toMatchObject({ Titel: 'Prize draw', RechtsText: 'I want to take part.' });
    });

    it('answers a mandant without campaigns with an empty list (a 404 would be a console error per page)', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/strict/aktion/alleAktiven' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  });
});
