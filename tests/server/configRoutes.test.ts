import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultRoutesResponse, KeyValue, MandantResponse, RouteEntry } from '../../schemas/api.ts';
import { buildTestApp, databases } from './helpers.ts';

describe.each(databases)('configuration and content calls on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app?.close());

  describe('GET /api/v1/mandant/{mandant}', () => {
    it('answers the merged public configuration with pages keyed by route name', async () => {
      const response = await app.inject({ url: '/api/v1/mandant/alpha' });
      expect(response.statusCode).toBe(200);
      const body = response.json<MandantResponse>();
      expect(body.id).toBe('alpha');
      expect(body.name).toBe('Alpha Energie');
      expect(body.ModuleAdv).toBe(true);
      expect(body.ModuleGmail).toBe(-1);
      expect(body.routes.Faq).toBe('/faq');
      expect(Object.keys(body.pages).sort()).toEqual(['Faq', 'FileNotFound', 'Homepage', 'Imprint']);
      // block props pass through the serializer whole
      expect(body.pages.Homepage?.blocks?.[1]).toEqual({
        id: 'cta',
        type: 'CallToAction',
        props: { headline: 'alpha.cta', button: { label: 'alpha.go', route: 'Recommendation' } },
      });
      expect(body.theme.logo?.src).toBe('/mandant-assets/alpha/img/logo.svg');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
    });

    it.each(['alpha', 'beta', 'gamma'])('serializes %s without losing a field', async (id) => {
      const response = await app.inject({ url: `/api/v1/mandant/${id}` });
      // The response schema drives the serializer, which silently drops whatever it does not list.
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(app.mandants.get(id)?.response)));
    });

    it('keeps secrets, hosts and the default flag out', async () => {
      const response = await app.inject({ url: '/api/v1/mandant/alpha' });
      const body = response.json<Record<string, unknown>>();
      expect(body.content).toEqual({ provider: 'contentful' });
      expect(body).not.toHaveProperty('hosts');
      expect(body).not.toHaveProperty('default');
      expect(body).not.toHaveProperty('programme');
      expect(response.body).not.toMatch(/ALPHA_CONTENT|alpha-space|empfehlen\.alpha\.example/);
    });

    it('finds the mandant case-insensitively and ignores path case and trailing slashes', async () => {
      const response = await app.inject({ url: '/API/V1/Mandant/ALPHA/' });
      expect(response.statusCode).toBe(200);
      expect(response.json<MandantResponse>().id).toBe('alpha');
    });

    it('answers 404 PSOF0010 for an unknown mandant, in the language of X-Accept-Language', async () => {
      const german = await app.inject({ url: '/api/v1/mandant/zeta' });
      expect(german.statusCode).toBe(404);
      expect(german.json()).toEqual({ code: 'PSOF0010', message: 'Dieser Mandant ist nicht bekannt.' });
      expect(german.headers['cache-control']).toBe('no-store');
      const english = await app.inject({
        url: '/api/v1/mandant/zeta',
        headers: { 'x-accept-language': 'en' },
      });
      expect(english.json()).toEqual({ code: 'PSOF0010', message: 'This client is not known.' });
    });
  });

  describe('routes', () => {
    it('GET /route/default answers languages and route paths', async () => {
      const response = await app.inject({ url: '/api/v1/beta/route/default' });
      expect(response.statusCode).toBe(200);
      expect(response.json<DefaultRoutesResponse>()).toEqual({
        SupportedLanguage: { Sprache: ['de'], Standard: 'de' },
        Routes: { Homepage: '/', FileNotFound: '/404', Imprint: '/impressum' },
      });
    });

    it('GET /route/additional answers the additional routes', async () => {
      const response = await app.inject({ url: '/api/v1/alpha/route/additional' });
      expect(response.json<RouteEntry[]>()).toEqual([{ Route: '/start', RouteName: 'Homepage' }]);
      const none = await app.inject({ url: '/api/v1/beta/route/additional' });
      expect(none.json()).toEqual([]);
    });

    it.each(['/api/v1/zeta/route/default', '/api/v1/zeta/route/additional'])(
      '%s → 404 PSOF0010',
      async (url) => {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('PSOF0010');
      },
    );
  });

  describe('content', () => {
    it('GET /content/getlanguages names each offered language in itself', async () => {
      const response = await app.inject({ url: '/api/v1/alpha/content/getlanguages' });
      expect(response.json<KeyValue[]>()).toEqual([
        { Key: 'de', Value: 'Deutsch' },
        { Key: 'en', Value: 'English' },
      ]);
      const beta = await app.inject({ url: '/api/v1/beta/content/getlanguages' });
      expect(beta.json()).toEqual([{ Key: 'de', Value: 'Deutsch' }]);
    });

    it('GET /content/getlanguagecontent/{lang} merges the mandant texts over _base', async () => {
      const response = await app.inject({ url: '/api/v1/alpha/content/getlanguagecontent/de' });
      expect(response.statusCode).toBe(200);
      const german = response.json().Languages;
      // alpha's own text wins over _base's; _base's other texts are inherited
      expect(german).toContainEqual({ Key: 'home.headline', Value: 'Alpha empfiehlt' });
      expect(german).toContainEqual({ Key: 'home.title', Value: 'Startseite' });
      expect(german).toContainEqual({ Key: 'notFound.headline', Value: '404 - Datei nicht gefunden' });
      expect(german).toContainEqual({ Key: 'alpha.headline', Value: 'Empfehlen Sie Alpha' });
      expect(german.filter((entry: { Key: string }) => entry.Key === 'home.headline')).toHaveLength(1);
      const english = await app.inject({ url: '/api/v1/alpha/content/getlanguagecontent/en' });
      expect(english.json().Languages).toContainEqual({
        Key: 'home.headline',
        Value: 'Recommending friends pays',
      });
    });

    it.each([
      ['a language the mandant does not offer', '/api/v1/beta/content/getlanguagecontent/en'],
      ['a language nobody offers', '/api/v1/alpha/content/getlanguagecontent/fr'],
      ['not two lower-case letters', '/api/v1/alpha/content/getlanguagecontent/DE'],
      ['too long', '/api/v1/alpha/content/getlanguagecontent/deu'],
      ['a path trick', '/api/v1/alpha/content/getlanguagecontent/..%2Fde'],
    ])('%s → 404 PSOF0012', async (_case, url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0012');
    });

    it('answers 404 PSOF0010 for an unknown mandant before looking at the language', async () => {
      const response = await app.inject({ url: '/api/v1/zeta/content/getlanguagecontent/de' });
      expect(response.json().code).toBe('PSOF0010');
    });
  });

  it('records every loaded mandant in the mandant table', async () => {
    expect(await app.mandantRepository.ids()).toEqual(['alpha', 'beta', 'gamma']);
    const rows = await app.database.kysely.selectFrom('mandant').selectAll().orderBy('id').execute();
    expect(rows.map((row) => row.config_hash)).toEqual(
      app.mandants.all().map((mandant) => mandant.configHash),
    );
    expect(rows[0]?.loaded_at).toBeInstanceOf(Date);
  });

  it('GET /api/docs lists the routes in an OpenAPI document', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: object };
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/mandant/{mandant}',
        '/api/v1/{mandant}/route/default',
        '/api/v1/{mandant}/route/additional',
        '/api/v1/{mandant}/content/getlanguages',
        '/api/v1/{mandant}/content/getlanguagecontent/{lang}',
        '/api/health',
      ]),
    );
    // Outside /api only the links people click: the click redirect and the short URL (host-mapped).
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([
      '/empfehlen/click/{nr}',
      '/e/{nr}',
    ]);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'MandantResponse', 'KeyValue', 'RouteEntry', 'PageFile']),
    );
  });
});
