import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../schemas/api.ts';
import type {
  Agent,
  AgentSearchResult,
  FestnetzProdukt,
  MobilfunkAngebot,
  Produkt,
  Produktkategorie,
} from '../../schemas/products.ts';
import { MANDANTS_DIR } from '../support/server.ts';
import { buildTestApp, databases } from './helpers.ts';

/**
 * SPEC section 7, Products, over the real demo mandants: telko (data-driven catalogue), versicherung
 * (generic products) and stadtwerk (agent list). Every endpoint, its filters, and its answers to bad input.
 */

/** SPEC section 2, product category pages: every path the telecom demo must have. */
const SPEC_CATEGORY_PATHS = [
  'internet',
  'internet/hybrid',
  'internet/glasfaser.html',
  'junge-leute',
  'junge-leute/speed.html',
  'junge-leute/hybrid.html',
  'digital-home-service',
  'glasfaser',
  'fernsehen',
  'fernsehen/satellit.html',
  'fernsehen/hybrid-satellit.html',
  'fernsehen/hybrid',
  'fernsehen/glasfaser.html',
  'magentasport',
  'internet-telefon',
  'homepage-und-shop',
  'webseite',
  'webshop',
  'webhosting',
  'company-start',
  'company-pro',
  'smartphone-tarife.html',
  'prepaid-tarife.html',
  'young-tarife.html',
  'daten-tarife.html',
  'zusatzkarten.html',
  'combi-cards.html',
  'geraete.html',
  'smartphones.html',
  'tablets.html',
  'surfsticks.html',
];
const HIDDEN = [637, 638, 639, 640];

describe.each(databases)('product calls on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR, demoAccounts: false });
  });
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/api/v1/${url}`, headers });
  const json = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const expectProblem = async (url: string, status: number, code: string, message?: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    expect(response.json()).toMatchObject({ code, ...(message ? { message } : {}) });
  };

  describe('categories (data-driven)', () => {
    it('lists every category page of SPEC section 2, by Position, with its source and select target', async () => {
      const categories = await json<Produktkategorie[]>('telko/produktkategorie');
      expect(categories.map((category) => category.Pfad).sort()).toEqual([...SPEC_CATEGORY_PATHS].sort());
      const positions = categories.map((category) => category.Position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const tv = categories.find((category) => category.Pfad === 'fernsehen');
      expect(tv).toMatchObject({ Quelle: 'festnetz', HauptproduktId: 603, TvProduktId: 614 });
      const tariffs = categories.find((category) => category.Pfad === 'smartphone-tarife.html');
      expect(tariffs).toMatchObject({
        Quelle: 'mobilfunk',
        Kategorie: 'smartphone',
        Auswahlziel: 'smartphones',
      });
      expect(categories.find((category) => category.Pfad === 'daten-tarife.html')?.Auswahlziel).toBe(
        'tablets',
      );
    });

    it('makes every category a page: its Pfad is an additional route to ProductCategory', async () => {
      const routes = await json<RouteEntry[]>('telko/route/additional');
      for (const path of SPEC_CATEGORY_PATHS)
        expect(routes).toContainEqual({ Route: `/${path}`, RouteName: 'ProductCategory' });
      const generic = await json<RouteEntry[]>('versicherung/route/additional');
      expect(generic.filter((route) => route.RouteName === 'ProductCategory')).toEqual([]);
    });

    it('are a data-driven call only (404 PSOF0112 elsewhere)', async () => {
      await expectProblem('versicherung/produktkategorie', 404, 'PSOF0112');
      await expectProblem('stadtwerk/produktkategorie', 404, 'PSOF0112');
    });

    it('may be cached briefly: they change only with a deployment', async () => {
      const response = await get('telko/produktkategorie');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect((await get('telko/produkt/601')).headers['cache-control']).toBe('public, max-age=60');
      // A refusal is not cached: the answer may change with the next deployment.
      expect((await get('telko/produkt/999999')).headers['cache-control']).toBe('no-store');
    });
  });

  describe('product lists', () => {
    it('never lists products 637, 638, 639 and 640 (SPEC 7), yet each can be fetched by id', async () => {
      const all = await json<Produkt[]>('telko/produkt');
      expect(all.length).toBeGreaterThan(60);
      for (const id of HIDDEN) {
        expect(all.map((product) => product.Id)).not.toContain(id);
        expect((await json<Produkt>(`telko/produkt/${id}`)).Id).toBe(id);
      }
      for (const query of ['quelle=festnetz', 'quelle=festnetz&kategorie=internet', 'quelle=mobilfunk'])
        expect((await json<Produkt[]>(`telko/produkt/?${query}`)).map((p) => p.Id)).not.toContain(637);
    });

    it('filters fixed-line products by Gruppe: the category, or the category plus "-…"', async () => {
      const internet = await json<FestnetzProdukt[]>('telko/produkt/?quelle=festnetz&kategorie=internet');
      expect(new Set(internet.map((product) => product.Gruppe))).toEqual(
        new Set(['internet', 'internet-hybrid']),
      );
      const hybrid = await json<FestnetzProdukt[]>(
        'telko/produkt/?quelle=festnetz&kategorie=internet-hybrid',
      );
      expect(hybrid.map((product) => product.Id)).toEqual([604, 605]);
    });

    it('filters mobile offers by device kind, tariff, kind of tariff and manufacturer, in Position order', async () => {
      const phones = await json<MobilfunkAngebot[]>('telko/produkt/?quelle=mobilfunk&kategorie=smartphone');
      expect(phones.every((offer) => offer.GeraeteTyp === 'smartphone')).toBe(true);
      const positions = phones.map((offer) => offer.Position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const tariff = await json<MobilfunkAngebot[]>(
        'telko/produkt/?quelle=mobilfunk&kategorie=smartphone&tarifId=302',
      );
      expect(tariff.map((offer) => offer.Id)).toEqual([801, 807, 810, 811, 813]);
      const prepaid = await json<MobilfunkAngebot[]>(
        'telko/produkt/?quelle=mobilfunk&kategorie=smartphone&tarifart=prepaid',
      );
      expect(prepaid.map((offer) => offer.Id)).toEqual([820, 821, 822]);
      const lumera = await json<MobilfunkAngebot[]>(
        'telko/produkt/?quelle=mobilfunk&kategorie=smartphone&hersteller=lumera',
      );
      expect(new Set(lumera.map((offer) => offer.Hersteller))).toEqual(new Set(['Lumera']));
      // tarifId alone narrows to mobile offers of every kind.
      const dataM = await json<MobilfunkAngebot[]>('telko/produkt/?tarifId=311');
      expect(new Set(dataM.map((offer) => offer.GeraeteTyp))).toEqual(new Set(['tablet', 'surfstick']));
    });

    it('answers an unknown category with SPEC 8 "404 - Unknown category" (PSOF0101)', async () => {
      await expectProblem(
        'telko/produkt/?quelle=festnetz&kategorie=raumfahrt',
        404,
        'PSOF0101',
        '404 - Unknown category',
      );
      // A mobile kategorie asked of the fixed-line source is unknown there.
      await expectProblem('telko/produkt/?quelle=festnetz&kategorie=smartphone', 404, 'PSOF0101');
      // The hidden upgrade products have no category of their own.
      await expectProblem('telko/produkt/?kategorie=upgrade', 404, 'PSOF0101');
      await expectProblem('versicherung/produkt/?kategorie=internet', 404, 'PSOF0101');
    });

    it.each([
      'telko/produkt/?quelle=kabel',
      'telko/produkt/?kategorie=Internet',
      'telko/produkt/?tarifId=0',
      'telko/produkt/?tarifId=abc',
      'telko/produkt/?tarifart=flatrate',
      `telko/produkt/?hersteller=${'x'.repeat(41)}`,
    ])('refuses the malformed query %s with 400 PSOF0013', async (url) => {
      await expectProblem(url, 400, 'PSOF0013');
    });

    it('lists the generic products of a generic mandant and the agents of an agent-list mandant', async () => {
      const generic = await json<Produkt[]>('versicherung/produkt');
      expect(generic.map((product) => product.Id)).toEqual([101, 102, 103, 104]);
      const agents = await json<Agent[]>('stadtwerk/produkt');
      expect(agents).toHaveLength(20);
    });

    it('answers 404 PSOF0010 for an unknown mandant', async () => {
      await expectProblem('zeta/produkt', 404, 'PSOF0010');
    });
  });

  describe('one product', () => {
    it('by id, with or without trailing slash, in any case (SPEC mixes them)', async () => {
      for (const url of ['telko/produkt/601', 'telko/produkt/601/', 'telko/Produkt/601']) {
        const product = await json<FestnetzProdukt>(url);
        expect(product).toMatchObject({ Id: 601, AnzeigeName: 'NetzPlus Internet S', PreisMonatlich: 2995 });
        expect(product.Praemien[0]).toMatchObject({ WertCent: 7000, Wert: '70,00\u00a0€' });
      }
    });

    it('keeps every field of the data on the wire', async () => {
      const catalogue = app.productCatalogues.get('telko');
      for (const id of [602, 617, 805, 831]) {
        expect(await json(`telko/produkt/${id}`)).toEqual(JSON.parse(JSON.stringify(catalogue?.product(id))));
      }
    });

    it('names the source with quelle: a product of the other source is not found', async () => {
      expect((await json<Produkt>('telko/produkt/602?quelle=festnetz')).Id).toBe(602);
      await expectProblem('telko/produkt/602?quelle=mobilfunk', 404, 'PSOF0110');
    });

    it('with quelle=mobilfunk&handyId= answers the offer of tariff {id} with that device', async () => {
      const offer = await json<MobilfunkAngebot>('telko/produkt/303?quelle=mobilfunk&handyId=9102');
      expect(offer).toMatchObject({ Id: 804, TarifId: 303, HandyId: 9102 });
      expect((await json<MobilfunkAngebot>('telko/produkt/303?handyId=9102')).Id).toBe(804);
      await expectProblem('telko/produkt/303?quelle=mobilfunk&handyId=9201', 404, 'PSOF0110');
      await expectProblem('telko/produkt/303?quelle=festnetz&handyId=9102', 404, 'PSOF0110');
      await expectProblem('telko/produkt/303?handyId=x', 400, 'PSOF0013');
    });

    it('by ExterneId: /produkt/extern/{id}', async () => {
      expect((await json<Produkt>('versicherung/produkt/extern/HA-PHV-2025')).Id).toBe(101);
      expect((await json<Produkt>('versicherung/produkt/extern/ha-phv-2025')).Id).toBe(101);
      await expectProblem('versicherung/produkt/extern/HA-NOPE', 404, 'PSOF0110');
    });

    it('of a generic mandant only from its own products', async () => {
      expect((await json<Produkt>('versicherung/produkt/104')).Id).toBe(104);
      await expectProblem('versicherung/produkt/601', 404, 'PSOF0110');
      await expectProblem('telko/produkt/101', 404, 'PSOF0110');
    });

    it.each([
      ['telko/produkt/999999', 404, 'PSOF0110'],
      ['telko/produkt/abc', 404, 'PSOF0110'],
      ['telko/produkt/1234567890123', 404, 'PSOF0110'],
      ['telko/produkt/-1', 400, 'PSOF0013'],
      [`telko/produkt/${'9'.repeat(41)}`, 400, 'PSOF0013'],
    ])('%s → %i %s', async (url, status, code) => {
      await expectProblem(url, status, code);
    });

    it('lists every tariff offered with one device: /produkt/handytarife/{HandyId}', async () => {
      const offers = await json<MobilfunkAngebot[]>('telko/produkt/handytarife/9101');
      expect(offers.map((offer) => offer.TarifId)).toEqual([302, 303, 304, 332]);
      expect(offers.every((offer) => offer.HandyId === 9101)).toBe(true);
      await expectProblem('telko/produkt/handytarife/1', 404, 'PSOF0110');
      await expectProblem('versicherung/produkt/handytarife/9101', 404, 'PSOF0112');
    });
  });

  describe('manufacturer filter', () => {
    it('lists the manufacturers of one kind of device, in German order', async () => {
      expect(await json<string[]>('telko/produkt/hersteller?kategorie=smartphone')).toEqual([
        'Korvi',
        'Lumera',
        'Nordfon',
        'Tessaro',
        'Vexon',
      ]);
      expect(await json<string[]>('telko/produkt/hersteller?kategorie=surfstick')).toEqual([
        'Lumera',
        'Nordfon',
      ]);
    });

    it('answers an unknown category with "404 - Unknown category" (SPEC 8)', async () => {
      await expectProblem(
        'telko/produkt/hersteller?kategorie=raumfahrt',
        404,
        'PSOF0101',
        '404 - Unknown category',
      );
      // fixed-line categories have no devices
      await expectProblem('telko/produkt/hersteller?kategorie=internet', 404, 'PSOF0101');
      const english = await get('telko/produkt/hersteller?kategorie=raumfahrt', {
        'x-accept-language': 'en',
      });
      expect(english.json()).toMatchObject({ code: 'PSOF0101', message: '404 - Unknown category' });
    });

    it('needs a well-formed kategorie', async () => {
      await expectProblem('telko/produkt/hersteller', 400, 'PSOF0013');
      await expectProblem('telko/produkt/hersteller?kategorie=Smart%20Phone', 400, 'PSOF0013');
    });
  });

  describe('highest reward', () => {
    it('is the highest reward active today (SPEC 4); expired multi-rewards do not count', async () => {
      expect(await json('telko/produkt/maxpraemiewert')).toEqual({ WertCent: 11000, Wert: '110,00\u00a0€' });
      expect(await json('versicherung/produkt/maxpraemiewert')).toEqual({
        WertCent: 2500,
        Wert: '25,00\u00a0€',
      });
      expect(await json('stadtwerk/produkt/maxpraemiewert')).toEqual({ WertCent: null, Wert: null });
    });
  });

  describe('agent list (SPEC 7: Produkt/berater)', () => {
    const search = (query: string) => json<AgentSearchResult>(`stadtwerk/Produkt/berater?${query}`);

    it('answers page 1 of size 6 by default, with Content, HasNext, PageCount and TotalCount', async () => {
      const first = await search('');
      expect(first.Content).toHaveLength(6);
      expect(first).toMatchObject({ HasNext: true, PageCount: 4, TotalCount: 20 });
      expect(first.Content.map((agent) => agent.LastName)).toEqual([
        'Albrecht',
        'Bauer',
        'Dietrich',
        'Engel',
        'Fischer',
        'Günther',
      ]);
      expect(first.Content[0]).toEqual({
        ExterneId: 'SWL-1001',
        FirstName: 'Anja',
        LastName: 'Albrecht',
        ZipCode: '04177',
        City: 'Lindenau',
        Photo: 'berater-1001.svg',
      });
    });

    it('pages to the end; a page after the last is empty, not an error', async () => {
      const last = await search('page=4');
      expect(last.Content.map((agent) => agent.LastName)).toEqual(['Weber', 'Zimmermann']);
      expect(last.HasNext).toBe(false);
      expect(await search('page=5')).toEqual({ Content: [], HasNext: false, PageCount: 4, TotalCount: 20 });
      const big = await search('pagesize=50');
      expect(big).toMatchObject({ HasNext: false, PageCount: 1, TotalCount: 20 });
      expect(big.Content).toHaveLength(20);
    });

    it.each([
      ['Lindenau', 4],
      ['lindenau', 4],
      ['04420', 3],
      ['044', 3],
      ['günther', 1],
      ['gunther', 1],
      ['boehlitz', 0],
      ['Böhlitz', 2],
      ['anja lindenau', 1],
      ['Weber Lindenau', 0],
      ['  Otto  ', 1],
    ])('finds by name, post code or city: "%s" → %i', async (query, count) => {
      const result = await search(`query=${encodeURIComponent(query)}`);
      expect(result.TotalCount).toBe(count);
      expect(result.Content).toHaveLength(Math.min(count, 6));
    });

    it.each([
      'page=0',
      'page=-1',
      'page=abc',
      'page=100001',
      'pagesize=0',
      'pagesize=61',
      'pagesize=2.5',
      `query=${'a'.repeat(101)}`,
    ])('refuses %s with 400 PSOF0013', async (query) => {
      await expectProblem(`stadtwerk/Produkt/berater?${query}`, 400, 'PSOF0013');
    });

    it('lists every agent (Produkt/agents) and answers one by ExterneId (Produkt/{id})', async () => {
      const agents = await json<Agent[]>('stadtwerk/Produkt/agents');
      expect(agents).toHaveLength(20);
      expect((await json<Agent>('stadtwerk/Produkt/SWL-1007')).LastName).toBe('Hoffmann');
      expect((await json<Agent>('stadtwerk/produkt/swl-1007')).LastName).toBe('Hoffmann');
      expect((await json<Agent>('stadtwerk/produkt/extern/SWL-1007')).LastName).toBe('Hoffmann');
      await expectProblem('stadtwerk/Produkt/SWL-9999', 404, 'PSOF0111');
    });

    it('exists only for an agent-list mandant (404 PSOF0112)', async () => {
      await expectProblem('telko/produkt/berater', 404, 'PSOF0112');
      await expectProblem('versicherung/produkt/agents', 404, 'PSOF0112');
    });
  });

  describe('images', () => {
    it('serves agent photos as SVG with a day of caching and an ETag', async () => {
      const response = await get('stadtwerk/Produkt/SWL-1001/grafik');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toContain('<title>Illustration für Anja Albrecht</title>');
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get('stadtwerk/Produkt/SWL-1001/grafik', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await expectProblem('stadtwerk/Produkt/SWL-9999/grafik', 404, 'PSOF0111');
    });

    it('serves product pictures, large and small (a tariff with a device shows the device)', async () => {
      for (const kind of ['grafik', 'sgrafik']) {
        const response = await get(`telko/produkt/801/${kind}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/svg+xml');
        expect(response.body).toContain('<title>Lumera X15</title>');
      }
      expect((await get('versicherung/produkt/101/grafik')).statusCode).toBe(200);
      await expectProblem('telko/produkt/999999/grafik', 404, 'PSOF0110');
      await expectProblem('versicherung/produkt/601/grafik', 404, 'PSOF0110');
    });

    it('serves category pictures and icons; an unknown category is "404 - Unknown category"', async () => {
      const picture = await get('telko/produktkategorie/1/grafik');
      expect(picture.statusCode).toBe(200);
      expect(picture.body).toContain('<title>Router mit WLAN</title>');
      const icon = await get('telko/produktkategorie/1/icon');
      expect(icon.body).toContain('<title>Kategorie</title>');
      await expectProblem('telko/produktkategorie/999/icon', 404, 'PSOF0101', '404 - Unknown category');
      await expectProblem('telko/produktkategorie/abc/icon', 400, 'PSOF0013');
      await expectProblem('versicherung/produktkategorie/1/icon', 404, 'PSOF0112');
    });
  });

  describe('an unknown product source', () => {
    it("answers SPEC 8's 'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert' (PSOF0100)", async () => {
      const config = app.mandants.get('versicherung')?.config;
      if (!config) throw new Error('versicherung is not loaded');
      const before = config.produktApi;
      // The mandant schema refuses such a value at start; this is a configuration that got in another way.
      Object.assign(config, { produktApi: 'shop' });
      try {
        for (const url of [
          'versicherung/produkt',
          'versicherung/produkt/101',
          'versicherung/produktkategorie',
        ]) {
          const response = await get(url);
          expect(response.statusCode).toBe(500);
          expect(response.json()).toEqual({
            code: 'PSOF0100',
            message: 'Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert',
          });
        }
      } finally {
        Object.assign(config, { produktApi: before });
      }
      expect((await get('versicherung/produkt')).statusCode).toBe(200);
    });
  });
});
