import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyValue } from '../../schemas/api.ts';
import {
  type ContentEntryResponse,
  type FaqResponse,
  type KeyVisualResponse,
  plainText,
  type RichTextDocument,
} from '../../schemas/content.ts';
import type { ContentKinds, ContentProvider } from '../../server/content/ContentProvider.ts';
import { MandantContent } from '../../server/content/MandantContent.ts';
import type { LoadedMandant } from '../../server/mandants/LoadedMandant.ts';
import { buildTestApp, databases } from './helpers.ts';

/**
 * The content calls over the demo mandants' embedded content (mandants/NAME/content/ over _base): legal and
 * help pages, FAQ, key visuals, footnotes, variables and agency variables, assets, languages — and how
 * each answers bad input.
 */
const MANDANTS_DIR = path.resolve(import.meta.dirname, '../../mandants');
const LEGAL = ['imprint', 'privacy', 'tos', 'participation-terms', 'accessibility', 'contact'];

const text = (document: RichTextDocument) => plainText(document);

describe.each(databases)('embedded content on $name', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR });
  });
  afterAll(() => app?.close());

  const get = (url: string, language = 'de') =>
    app.inject({ url, headers: { 'x-accept-language': language } });

  describe.each(['telko', 'versicherung'])('demo mandant %s', (mandant) => {
    it.each(['de', 'en'])(
      'serves every legal and help page in %s with a title and text',
      async (language) => {
        for (const entry of LEGAL) {
          const response = await get(`/api/v1/${mandant}/content/entries/${entry}`, language);
          expect(response.statusCode, `${entry} ${language}`).toBe(200);
          const body = response.json<ContentEntryResponse>();
          expect(body.id).toBe(entry);
          expect(body.title.length).toBeGreaterThan(2);
          // no {{variable}} is left over: every one is defined for the mandant
          expect(text(body.body)).not.toMatch(/\{\{|\}\}/);
          // _base's placeholders for the mandant's own facts are all filled in
          expect(text(body.body)).not.toMatch(/Bitte ausfüllen|Please fill in/);
          expect(text(body.body).length).toBeGreaterThan(20);
        }
      },
    );

    it('fills the imprint with the mandant’s own facts (variables)', async () => {
      const imprint = (await get(`/api/v1/${mandant}/content/entries/imprint`)).json<ContentEntryResponse>();
      const company = mandant === 'telko' ? 'NetzPlus GmbH' : 'Hanse Assekuranz AG';
      expect(text(imprint.body)).toContain(company);
      expect(imprint.links.entries['route:Contact']).toEqual({ type: 'route', route: 'Contact' });
    });

    it('answers the FAQ with the facts of SPEC section 1 and the reward timing of section 9', async () => {
      const faq = (await get(`/api/v1/${mandant}/content/faq`)).json<FaqResponse>();
      const all = faq.items.map((item) => `${item.question} ${text(item.answer)}`).join(' ');
      for (const fact of [
        'mindestens 18 Jahre',
        'natürliche Person',
        'in Deutschland wohnt',
        'gewerbliche Nutzung',
        'tatsächlich',
        'Hotline',
        'nach 12 Wochen gelöscht',
        'die Prämie wird nicht gezahlt',
        '60 Tage',
        'innerhalb von vier Wochen',
        'innerhalb von 24 Stunden',
        '4 bis 10 Wochen',
        'etwa 5 bis 6 Wochen',
        'bis zu drei Monate',
      ]) {
        expect(all, fact).toContain(fact);
      }
      // every item sits in a category the answer lists
      const categories = new Set(faq.categories.map((category) => category.id));
      expect(faq.items.every((item) => categories.has(item.category))).toBe(true);
    });

    it('serves the home page key visual with an image of our own server', async () => {
      const visual = (await get(`/api/v1/${mandant}/content/keyvisuals/home`)).json<KeyVisualResponse>();
      expect(visual.headline).toMatch(mandant === 'telko' ? /bis zu 110\u00a0€/ : /25\u00a0€/);
      expect(visual.image?.url).toBe(`/api/v1/${mandant}/content/assets/keyvisual.svg`);
      expect(visual.cta).toEqual({ label: 'Häufige Fragen', route: 'Faq' });
      const image = await get(visual.image?.url ?? '');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
      expect(image.body).toContain('<title>');
    });

    it('serves the how-it-works text for the home page', async () => {
      const steps = (
        await get(`/api/v1/${mandant}/content/entries/how-it-works`, 'en')
      ).json<ContentEntryResponse>();
      expect(steps.title).toBe('How it works');
      expect(steps.body.content[0]?.nodeType).toBe('ordered-list');
    });
  });

  it('states SPEC section 9’s category rewards for the telecom and the custom reward for the insurer', async () => {
    const telko = (await get('/api/v1/telko/content/faq')).json<FaqResponse>();
    const answerOf = (faq: FaqResponse, id: string) => {
      const item = faq.items.find((candidate) => candidate.id === id);
      return item ? text(item.answer) : '';
    };
    const rewards = answerOf(telko, 'kategorien');
    for (const amount of ['70\u00a0€', 'bis zu 90\u00a0€', '50\u00a0€', 'bis zu 110\u00a0€'])
      expect(rewards).toContain(amount);
    expect(answerOf(telko, 'stufe')).toContain('60\u00a0€');
    const insurer = (await get('/api/v1/versicherung/content/faq')).json<FaqResponse>();
    expect(answerOf(insurer, 'hoehe')).toContain('25\u00a0€');
  });

  it('fills in the split of the configuration: {{anteilEmpfehler}}:{{anteilEmpfaenger}} from RecommenderDefaultShare (issue 18)', async () => {
    const terms = async (mandant: string, language: string) =>
      text(
        (
          await get(`/api/v1/${mandant}/content/entries/participation-terms`, language)
        ).json<ContentEntryResponse>().body,
      );
    const answer = async (mandant: string, id: string, language = 'de') => {
      const faq = (await get(`/api/v1/${mandant}/content/faq`, language)).json<FaqResponse>();
      const item = faq.items.find((candidate) => candidate.id === id);
      return item ? text(item.answer) : '';
    };
    // telko: "100" (the form offers 100:0 or 50:50); versicherung: "50" (only 50:50), both inherit _base's terms.
    expect(await terms('telko', 'de')).toContain(
      'Voreingestellt ist die Aufteilung 100:0 – Sie erhalten 100\u00a0% der Prämie',
    );
    expect(await terms('telko', 'en')).toContain('The preset split is 100:0');
    expect(await terms('versicherung', 'de')).toContain(
      'Voreingestellt ist die Aufteilung 50:50 – Sie erhalten 50\u00a0% der Prämie',
    );
    expect(await answer('telko', 'teilen')).toContain(
      'die voreingestellte Aufteilung 100:0 (Ihr Anteil zuerst) oder 50:50',
    );
    expect(await answer('versicherung', 'teilen', 'en')).toContain('you split the reward 50:50');
    const visual = (await get('/api/v1/versicherung/content/keyvisuals/home')).json<KeyVisualResponse>();
    expect(visual.text).toContain('Sie teilen die Prämie fair 50:50 mit Ihrem Kontakt');
  });

  it('resolves footnote links, with the footnote in the answer', async () => {
    const terms = (
      await get('/api/v1/telko/content/entries/participation-terms')
    ).json<ContentEntryResponse>();
    expect(terms.links.entries['footnote:auszahlung']).toMatchObject({
      type: 'footnote',
      footnote: { Identifier: 'auszahlung', Gruppe: 'praemie', Titel: 'Auszahlung' },
    });
  });

  describe('footnotes', () => {
    it('lists the footnotes of a Gruppe with SPEC’s fields and finds one by Identifier', async () => {
      const all = await get('/api/v1/telko/content/footnotes?gruppe=praemie');
      expect(all.json()).toContainEqual({
        Id: 2,
        Identifier: 'auszahlung',
        Gruppe: 'praemie',
        Titel: 'Auszahlung',
        Inhalt: expect.stringContaining('innerhalb von vier Wochen'),
      });
      const one = await get('/api/v1/telko/content/footnotes/auszahlung', 'en');
      expect(one.json().Titel).toBe('Payout');
    });

    it('answers 404 PSOF0120 for an unknown Identifier and an empty list for an unknown Gruppe', async () => {
      const unknown = await get('/api/v1/telko/content/footnotes/gibt-es-nicht');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'PSOF0120', message: 'Diesen Inhalt gibt es nicht.' });
      expect((await get('/api/v1/telko/content/footnotes?gruppe=keine')).json()).toEqual([]);
    });
  });

  describe('variables (SPEC 7: GET and POST /content/variables/, POST /content/agenturvariables/{id})', () => {
    it('GET lists every variable of the language', async () => {
      const german = (await get('/api/v1/telko/content/variables/')).json<
        { name: string; value: string }[]
      >();
      expect(german).toContainEqual({ name: 'praemie.glasfaser', value: 'bis zu 90\u00a0€' });
      const english = (await get('/api/v1/telko/content/variables/', 'en')).json<
        { name: string; value: string }[]
      >();
      expect(english).toContainEqual({ name: 'praemie.glasfaser', value: 'up to €90' });
    });

    it('POST answers the variables named, leaves out undefined ones, and all of them without a body', async () => {
      const named = await app.inject({
        method: 'POST',
        url: '/api/v1/telko/content/variables/',
        payload: { names: ['praemie.festnetz', 'gibt.es.nicht', 'praemie.stufe'] },
      });
      expect(named.statusCode).toBe(200);
      expect(named.json()).toEqual([
        { name: 'praemie.festnetz', value: '70\u00a0€' },
        { name: 'praemie.stufe', value: '60\u00a0€' },
      ]);
      const all = await app.inject({ method: 'POST', url: '/api/v1/telko/content/variables/' });
      expect(all.json().length).toBeGreaterThan(10);
    });

    it("POST agenturvariables/{id} puts the agency's values over the mandant's", async () => {
      const agency = await app.inject({
        method: 'POST',
        url: '/api/v1/telko/content/agenturvariables/a-1001',
        payload: { names: ['praemie.festnetz', 'praemie.mobilfunk'] },
      });
      expect(agency.json()).toEqual([
        { name: 'praemie.festnetz', value: '80\u00a0€' },
        { name: 'praemie.mobilfunk', value: '50\u00a0€' },
      ]);
      const other = await app.inject({
        method: 'POST',
        url: '/api/v1/telko/content/agenturvariables/unbekannt',
        payload: { names: ['praemie.festnetz'] },
      });
      expect(other.json()).toEqual([{ name: 'praemie.festnetz', value: '70\u00a0€' }]);
    });

    it.each([
      ['a name that is not a text', { names: [{ name: 'praemie' }] }],
      ['a name too long', { names: ['x'.repeat(65)] }],
      ['too many names', { names: Array.from({ length: 201 }, (_, index) => `n${index}`) }],
    ])('refuses %s with 400 PSOF0013', async (_case, payload) => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/telko/content/variables/', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PSOF0013');
    });
  });

  describe('languages (served from the provider; embedded: the i18n files)', () => {
    it('GET /content/getlanguages and /getlanguagecontent/{lang}', async () => {
      expect((await get('/api/v1/telko/content/getlanguages')).json()).toEqual([
        { Key: 'de', Value: 'Deutsch' },
        { Key: 'en', Value: 'English' },
      ]);
      const texts = (await get('/api/v1/telko/content/getlanguagecontent/en')).json<{
        Languages: KeyValue[];
      }>();
      expect(texts.Languages).toContainEqual({ Key: 'pages.Contact.title', Value: 'Contact' });
      const unknown = await get('/api/v1/telko/content/getlanguagecontent/fr');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('PSOF0012');
    });
  });

  describe('bad input', () => {
    it.each([
      ['an unknown entry', '/api/v1/telko/content/entries/gibt-es-nicht', 404, 'PSOF0120'],
      ['an unknown key visual', '/api/v1/telko/content/keyvisuals/gibt-es-nicht', 404, 'PSOF0120'],
      ['an entry id with capitals', '/api/v1/telko/content/entries/Imprint', 400, 'PSOF0013'],
      ['a path trick as entry id', '/api/v1/telko/content/entries/..%2Fsecret', 400, 'PSOF0013'],
      ['a path trick as asset id', '/api/v1/telko/content/assets/..%2F..%2Fmandant.json', 400, 'PSOF0013'],
      ['an asset that is not there', '/api/v1/telko/content/assets/nope.svg', 404, 'PSOF0120'],
      ['a file that is not an image', '/api/v1/telko/content/assets/variables.json', 404, 'PSOF0120'],
      ['an unknown mandant', '/api/v1/zeta/content/entries/imprint', 404, 'PSOF0010'],
    ])('%s → %i %s', async (_case, url, status, code) => {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
    });

    it('answers in the default language for a language the mandant does not offer', async () => {
      const response = await get('/api/v1/telko/content/entries/imprint', 'fr');
      expect(response.json<ContentEntryResponse>().title).toBe('Impressum');
    });

    it('lets shared caches keep content per language', async () => {
      const response = await get('/api/v1/telko/content/faq');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers.vary).toContain('X-Accept-Language');
    });
  });

  it('documents the content and contact calls in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/docs')).json<{ paths: object }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/{mandant}/content/entries/{id}',
        '/api/v1/{mandant}/content/faq',
        '/api/v1/{mandant}/content/keyvisuals/{id}',
        '/api/v1/{mandant}/content/footnotes',
        '/api/v1/{mandant}/content/variables',
        '/api/v1/{mandant}/content/agenturvariables/{id}',
        '/api/v1/{mandant}/kontakt',
      ]),
    );
  });
});

describe('MandantContent of any provider: the configuration’s text variables beneath the content’s (issue 18)', () => {
  const silent = {
    child: () => silent,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  } as unknown as FastifyBaseLogger;
  const mandant = {
    id: 'cms',
    config: {
      routes: {},
      additionalRoutes: [],
      RecommenderDefaultShare: '70',
      MaxEmpfaengerPraemieCent: 1250,
    },
  } as unknown as LoadedMandant;
  const cms = (variables: Record<string, string>): ContentProvider => ({
    name: 'squidex',
    async fetch(kind) {
      const kinds: Partial<ContentKinds> = {
        entries: {
          terms: {
            title: 'Teilen {{anteilEmpfehler}}:{{anteilEmpfaenger}}',
            body: {
              nodeType: 'document',
              content: [
                {
                  nodeType: 'paragraph',
                  content: [
                    { nodeType: 'text', value: 'höchstens {{maxEmpfaengerPraemie}}', marks: [], data: {} },
                  ],
                },
              ],
            },
          },
        },
        variables,
        footnotes: [],
      };
      return kinds[kind] as never;
    },
    async asset() {
      throw new Error('no assets');
    },
  });

  it('a CMS text says the configured split and cap', async () => {
    const content = new MandantContent({ mandant, provider: cms({}), log: silent });
    const entry = await content.entry('de', 'terms');
    expect(entry.title).toBe('Teilen 70:30');
    expect(plainText(entry.body)).toBe('höchstens 12,50\u00a0€');
  });

  it('a variable of the content itself wins over the configuration’s', async () => {
    const content = new MandantContent({
      mandant,
      provider: cms({ anteilEmpfehler: 'ein Teil' }),
      log: silent,
    });
    expect((await content.entry('de', 'terms')).title).toBe('Teilen ein Teil:30');
  });
});
