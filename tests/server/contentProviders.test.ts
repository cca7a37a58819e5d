import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyValue } from '../../schemas/api.ts';
import type { ContentEntryResponse, FaqResponse, KeyVisualResponse } from '../../schemas/content.ts';
import { CONTENT_LOAD_FAILED } from '../../server/content/MandantContent.ts';
import {
  type CmsStandIn,
  CONTENTFUL_TOKEN,
  mandantsUsingCms,
  PNG_PIXEL,
  SQUIDEX_CLIENT,
  type SquidexStandIn,
  startContentfulStandIn,
  startSquidexStandIn,
} from '../support/cmsStubs.ts';
import { buildTestApp, databases, RUNTIME_DIST, sharedStorage } from './helpers.ts';

/**
 * The CMS providers against local stand-ins that answer in Squidex's and Contentful's documented shapes
 * (server/content/README.md): content, token by client credentials with one retry on 401, GraphQL
 * variables, assets, the cache with its last good copy, and what a dead, slow or broken CMS does.
 */
const ENV = {
  SQ_ID: SQUIDEX_CLIENT.id,
  SQ_SECRET: SQUIDEX_CLIENT.secret,
  CF_TOKEN: CONTENTFUL_TOKEN,
};
const squidex = (url: string, app: string) => ({
  provider: 'squidex',
  url,
  app,
  clientIdEnv: 'SQ_ID',
  clientSecretEnv: 'SQ_SECRET',
});
const SECRETS = [SQUIDEX_CLIENT.secret, CONTENTFUL_TOKEN, 'sq-token-'];

function logSink() {
  const lines: string[] = [];
  return { lines, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } };
}

const get = (app: FastifyInstance, url: string, language = 'de') =>
  app.inject({ url, headers: { 'x-accept-language': language } });

describe.each(databases)('content from a CMS on $name', (database) => {
  let alive: SquidexStandIn;
  let dying: SquidexStandIn;
  let contentful: CmsStandIn;
  let app: FastifyInstance;
  let storage: Awaited<ReturnType<typeof sharedStorage>>;
  let mandants: Awaited<ReturnType<typeof mandantsUsingCms>>;
  const log = logSink();
  const answers: LightMyRequestResponse[] = [];
  const call = async (url: string, language = 'de') => {
    const response = await get(app, url, language);
    answers.push(response);
    return response;
  };

  beforeAll(async () => {
    alive = await startSquidexStandIn('hanse');
    dying = await startSquidexStandIn('netzplus');
    contentful = await startContentfulStandIn('lindenau', { de: 'de-DE', en: 'en-US' });
    mandants = await mandantsUsingCms({
      versicherung: squidex(alive.url, 'hanse'),
      telko: squidex(dying.url, 'netzplus'),
      stadtwerk: {
        provider: 'contentful',
        url: contentful.url,
        app: 'lindenau',
        clientSecretEnv: 'CF_TOKEN',
        locales: { de: 'de-DE', en: 'en-US' },
      },
    });
    storage = await sharedStorage(database);
    app = await buildTestApp(database, {
      ...storage.options,
      mandantsDir: mandants.dir,
      distDir: RUNTIME_DIST,
      logger: log.logger,
      content: { env: ENV, ttlMs: 200, budgetMs: 1500 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([alive?.close(), dying?.close(), contentful?.close()]);
    await mandants?.remove();
    await storage?.cleanup();
  });

  describe('Squidex', () => {
    it('serves a page from GET content/{app}/pages with a token by client credentials', async () => {
      const response = await call('/api/v1/versicherung/content/entries/imprint');
      expect(response.statusCode).toBe(200);
      const entry = response.json<ContentEntryResponse>();
      expect(entry.title).toBe('Impressum aus Squidex');
      // {{firma.name}} comes from the GraphQL variables of the same CMS
      expect(JSON.stringify(entry.body)).toContain('Angaben gemäß § 5 DDG: Squidex GmbH');
      expect(alive.count(/^POST \/identity-server\/connect\/token$/)).toBe(1);
      expect(alive.count(/^GET \/api\/content\/hanse\/pages$/)).toBe(1);
      expect(alive.count(/^POST \/api\/content\/hanse\/graphql$/)).toBeGreaterThanOrEqual(1);
      const english = await call('/api/v1/versicherung/content/entries/imprint', 'en');
      expect(english.json<ContentEntryResponse>().title).toBe('Imprint from Squidex');
    });

    it('resolves footnote links and serves FAQ, key visual and variables', async () => {
      const terms = (
        await call('/api/v1/versicherung/content/entries/participation-terms')
      ).json<ContentEntryResponse>();
      expect(terms.links.entries['footnote:auszahlung']).toEqual({
        type: 'footnote',
        footnote: {
          Id: 7,
          Identifier: 'auszahlung',
          Gruppe: 'praemie',
          Titel: 'Auszahlung',
          Inhalt: 'Innerhalb von vier Wochen.',
        },
      });
      const faq = (await call('/api/v1/versicherung/content/faq')).json<FaqResponse>();
      expect(faq.categories).toEqual([{ id: 'allgemein', title: 'Allgemein' }]);
      expect(faq.items[0]?.question).toBe('Kommt diese Frage aus Squidex?');
      expect(JSON.stringify(faq.items[0]?.answer)).toContain('die Prämie beträgt 30\u00a0€');
      const visual = (await call('/api/v1/versicherung/content/keyvisuals/home')).json<KeyVisualResponse>();
      expect(visual.image).toEqual({
        id: 'kv-asset-1',
        url: '/api/v1/versicherung/content/assets/kv-asset-1',
        alt: 'Ein Bild',
      });
      const variables = await call('/api/v1/versicherung/content/variables');
      expect(variables.json()).toContainEqual({ name: 'praemie.betrag', value: '30\u00a0€' });
      const agency = await app.inject({
        method: 'POST',
        url: '/api/v1/versicherung/content/agenturvariables/nordlicht',
        payload: { names: ['praemie.betrag', 'firma.name'] },
      });
      expect(agency.json()).toEqual([
        { name: 'praemie.betrag', value: '35\u00a0€' },
        { name: 'firma.name', value: 'Squidex GmbH' },
      ]);
    });

    it('passes assets through from GET /api/assets/{app}/{id}', async () => {
      const response = await call('/api/v1/versicherung/content/assets/kv-asset-1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(PNG_PIXEL)).toBe(true);
    });

    it('merges the CMS texts over the i18n files and lists its languages', async () => {
      const texts = (await call('/api/v1/versicherung/content/getlanguagecontent/de')).json<{
        Languages: KeyValue[];
      }>().Languages;
      expect(texts).toContainEqual({ Key: 'pages.Imprint.title', Value: 'Impressum (Squidex)' });
      expect(texts).toContainEqual({ Key: 'notFound.headline', Value: '404 - Datei nicht gefunden' });
      // The page's boot data carries them too: the first paint shows the CMS's texts without a request.
      const page = await app.inject({
        method: 'GET',
        url: '/de/impressum',
        headers: { host: 'versicherung.localhost' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Impressum (Squidex)');
      expect((await call('/api/v1/versicherung/content/getlanguages')).json()).toEqual([
        { Key: 'de', Value: 'Deutsch' },
        { Key: 'en', Value: 'English' },
      ]);
    });

    it('fetches a fresh token once when Squidex answers 401, and retries once', async () => {
      const before = alive.tokensIssued;
      alive.revokeTokens();
      const response = await call('/api/v1/versicherung/content/faq', 'en');
      expect(response.statusCode).toBe(200);
      expect(response.json<FaqResponse>().items[0]?.question).toBe('Does this question come from Squidex?');
      expect(alive.tokensIssued).toBe(before + 1);
    });

    it('gives up after the one retry when the new token is refused too', async () => {
      alive.refuseTokens = true;
      alive.revokeTokens();
      const tokens = alive.tokensIssued;
      const calls = alive.count(/^GET \/api\/content\/hanse\/key-visuals$/);
      const response = await call('/api/v1/versicherung/content/keyvisuals/home', 'en');
      alive.refuseTokens = false;
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'PSOF0102', message: 'Content not available' });
      // the cached token is refused, one fresh token is fetched and refused too: two calls, then failure
      expect(alive.count(/^GET \/api\/content\/hanse\/key-visuals$/) - calls).toBe(2);
      expect(alive.tokensIssued - tokens).toBe(1);
    });
  });

  describe('Contentful', () => {
    it('serves entries of the locale the mandant maps the language to, links resolved from includes', async () => {
      const response = await call('/api/v1/stadtwerk/content/entries/participation-terms');
      expect(response.statusCode).toBe(200);
      const entry = response.json<ContentEntryResponse>();
      expect(entry.title).toBe('Teilnahmebedingungen aus Contentful');
      expect(entry.links.entries['footnote:auszahlung']?.type).toBe('footnote');
      expect(contentful.requests).toContain('GET /spaces/lindenau/environments/master/entries');
      const english = await call('/api/v1/stadtwerk/content/entries/participation-terms', 'en');
      expect(english.json<ContentEntryResponse>().title).toBe('Participation terms from Contentful');
    });

    it('resolves FAQ categories linked as entries, variables, languages and assets from the CDN', async () => {
      const faq = (await call('/api/v1/stadtwerk/content/faq')).json<FaqResponse>();
      expect(faq.items.map((item) => [item.category, item.question])).toEqual([
        ['allgemein', 'Kommt diese Frage aus Contentful?'],
      ]);
      expect((await call('/api/v1/stadtwerk/content/variables')).json()).toContainEqual({
        name: 'firma.name',
        value: 'Contentful GmbH',
      });
      expect((await call('/api/v1/stadtwerk/content/getlanguages')).json()).toEqual([
        { Key: 'de', Value: 'Deutsch' },
        { Key: 'en', Value: 'English' },
      ]);
      const asset = await call('/api/v1/stadtwerk/content/assets/kv-asset-1');
      expect(asset.statusCode).toBe(200);
      expect(asset.rawPayload.equals(PNG_PIXEL)).toBe(true);
      expect(contentful.requests).toContain('GET /files/kv-asset-1.png');
    });
  });

  describe('a CMS that is unreachable, slow or broken', () => {
    it('keeps serving the last good copy after the CMS died, and logs the failure once', async () => {
      const first = await call('/api/v1/telko/content/entries/privacy');
      expect(first.json<ContentEntryResponse>().title).toBe('Datenschutz aus Squidex');
      await dying.close();
      await new Promise((resolve) => setTimeout(resolve, 300)); // past the TTL: every request revalidates
      for (let attempt = 0; attempt < 3; attempt++) {
        const again = await call('/api/v1/telko/content/entries/privacy');
        expect(again.statusCode).toBe(200);
        expect(again.json<ContentEntryResponse>().title).toBe('Datenschutz aus Squidex');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const failures = log.lines.filter(
        (line) =>
          line.includes(CONTENT_LOAD_FAILED) &&
          line.includes('"mandant":"telko"') &&
          line.includes('entries:de'),
      );
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain('"entry":"privacy"');
    });

    it("answers 502 'Inhalt nicht verfügbar' only when there is no copy at all", async () => {
      const response = await call('/api/v1/telko/content/faq');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'PSOF0102', message: 'Inhalt nicht verfügbar' });
      expect(
        log.lines.filter((line) => line.includes(CONTENT_LOAD_FAILED) && line.includes('faq:de')),
      ).toHaveLength(1);
    });

    it('still serves the UI texts of the i18n files while the CMS is down', async () => {
      const response = await call('/api/v1/telko/content/getlanguagecontent/en');
      expect(response.statusCode).toBe(200);
      expect(response.json<{ Languages: KeyValue[] }>().Languages).toContainEqual({
        Key: 'notFound.headline',
        Value: '404 - File not found',
      });
    });

    it('does not hold a request longer than the budget when the CMS is slow, and uses the late answer', async () => {
      contentful.mode = 'slow';
      contentful.delayMs = 2500;
      const answered = contentful.answered.length;
      const response = await call('/api/v1/stadtwerk/content/keyvisuals/home');
      expect(response.statusCode).toBe(502);
      // The answer came while the CMS was still sleeping on the request: the budget, not the CMS, ended it.
      expect(contentful.answered.length).toBe(answered);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      contentful.mode = 'ok';
      const later = await call('/api/v1/stadtwerk/content/keyvisuals/home');
      expect(later.json<KeyVisualResponse>().headline).toBe('Key Visual aus Contentful');
    });

    it('treats a malformed answer like an unreachable CMS: the stale copy stays', async () => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      alive.mode = 'malformed';
      const stale = await call('/api/v1/versicherung/content/entries/imprint');
      expect(stale.json<ContentEntryResponse>().title).toBe('Impressum aus Squidex');
      const none = await call('/api/v1/versicherung/content/entries/accessibility', 'en');
      alive.mode = 'ok';
      expect(none.statusCode).toBe(200); // entries:en was cached by an earlier test
      const never = await call('/api/v1/versicherung/content/footnotes/unbekannt');
      expect(never.statusCode).toBe(404);
      expect(never.json().code).toBe('PSOF0120');
    });

    it('answers 404 PSOF0120 for an entry the CMS does not have, logged once', async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await call('/api/v1/versicherung/content/entries/gibt-es-nicht');
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('PSOF0120');
      }
      expect(log.lines.filter((line) => line.includes('content gibt-es-nicht does not exist'))).toHaveLength(
        1,
      );
    });

    it('keeps the last good copy in the database: a restarted server serves it while the CMS is down', async () => {
      await app.close();
      app = await buildTestApp(database, {
        ...storage.options,
        mandantsDir: mandants.dir,
        logger: log.logger,
        content: { env: ENV, ttlMs: 200, budgetMs: 1500 },
      });
      const response = await call('/api/v1/telko/content/entries/privacy');
      expect(response.statusCode).toBe(200);
      expect(response.json<ContentEntryResponse>().title).toBe('Datenschutz aus Squidex');
    });
  });

  it('never puts a credential or token into an answer or the log', () => {
    const everything = [...answers.map((answer) => answer.body), ...log.lines].join('\n');
    expect(answers.length).toBeGreaterThan(10);
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });
});

describe('a CMS mandant without its credentials', () => {
  it('starts, says what is missing (variable names, no values) and answers PSOF0102', async () => {
    const mandants = await mandantsUsingCms({ versicherung: squidex('http://127.0.0.1:9', 'hanse') });
    const log = logSink();
    const app = await buildTestApp(databases[0] ?? { name: 'pglite' }, {
      mandantsDir: mandants.dir,
      logger: log.logger,
      content: { env: { SQ_ID: 'someone' } },
    });
    try {
      const response = await get(app, '/api/v1/versicherung/content/entries/imprint');
      expect(response.statusCode).toBe(502);
      expect(log.lines.join('\n')).toContain(
        'squidex is not configured: missing the client secret (environment variable SQ_SECRET)',
      );
      const embedded = await get(app, '/api/v1/telko/content/entries/imprint');
      expect(embedded.json<ContentEntryResponse>().title).toBe('Impressum');
    } finally {
      await app.close();
      await mandants.remove();
    }
  });
});
