import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../domain/contrast.ts';
import { type MandantCheckInput, mandantChecks } from '../../server/mandants/checks/mandantChecks.ts';
import { formatProblem } from '../../server/mandants/MandantConfigError.ts';
import { validateMandants } from '../../server/mandants/validateMandants.ts';

/**
 * mandants/ is data only; the product's loader is its compiler (issue 18: one validator). This suite runs
 * exactly what `npm run mandant -- validate` runs — validateMandants: loadMandants and loadProductCatalogues
 * with the go-live checks — and expects no problem. The second block proves each check can fail: it breaks one thing in a
 * copy of the telecom demo (which uses every feature: catalogue, categories, footnotes, Facebook) and
 * expects the problem with its file, JSON pointer and reason.
 */

const REPO = path.resolve(import.meta.dirname, '../..');
const MANDANTS = path.join(REPO, 'mandants');

type Row = Record<string, unknown>;

/** Every problem the product's validator reports, formatted as `validate` prints them. */
async function problemsOf(dir: string, options: { defaultMandant?: string } = {}): Promise<string[]> {
  const { problems } = await validateMandants(dir, { cwd: dir, ...options });
  return problems.map(formatProblem);
}

async function readJson(file: string): Promise<Row> {
  return JSON.parse(await readFile(file, 'utf8')) as Row;
}

describe('mandant data', () => {
  it('every mandant passes the product validator (config, pages, texts, theme, assets, products)', async () => {
    expect(await problemsOf(MANDANTS)).toEqual([]);
  });

  it('a demo offers the company recommendation, on a page that names a product it has (issue 18)', async () => {
    const { registry } = await validateMandants(MANDANTS);
    const companies = (registry?.all() ?? []).filter((mandant) => mandant.config.ModuleCompanyRecommendation);
    expect(companies.map((mandant) => mandant.id)).toEqual(['versicherung']);
    const page = companies[0]?.pages.RecommendEmployee;
    const props = page?.blocks?.find((block) => block.type === 'RecommendForm')?.props as Row | undefined;
    expect(props).toMatchObject({ variant: 'company', productId: '104' });
    const products = await readJson(path.join(MANDANTS, 'versicherung', 'products', 'generisch.json'));
    expect((products.generisch as Row[]).map((product) => String(product.Id))).toContain(props?.productId);
    const home = companies[0]?.pages.Homepage?.blocks?.map((block) => block.props as Row) ?? [];
    expect(home).toContainEqual(
      expect.objectContaining({ button: expect.objectContaining({ route: 'RecommendEmployee' }) }),
    );
  });

  it('_base: de and en hold the same keys', async () => {
    const de = await readJson(path.join(MANDANTS, '_base', 'i18n', 'de.json'));
    const en = await readJson(path.join(MANDANTS, '_base', 'i18n', 'en.json'));
    expect(Object.keys(de).length).toBeGreaterThan(0);
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
  });

  it('_base texts use SPEC section 8 wording (the FAQ facts of sections 1 and 9 are content: tests/server/content.test.ts)', async () => {
    const de = await readJson(path.join(MANDANTS, '_base', 'i18n', 'de.json'));
    expect(de['notFound.headline']).toBe('404 - Datei nicht gefunden');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});

describe('the validator catches broken data (one failing example per check)', () => {
  let scratch: string | undefined;
  afterEach(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  /** A copy of _base and telko; `change` edits it through `edit` (read-modify-write of a JSON file). */
  async function broken(change: (tools: Tools) => Promise<void>): Promise<string[]> {
    scratch = await mkdtemp(path.join(tmpdir(), 'mandant-data-'));
    for (const folder of ['_base', 'telko'])
      await cp(path.join(MANDANTS, folder), path.join(scratch, folder), { recursive: true });
    const dir = scratch;
    const file = (relative: string) => path.join(dir, relative);
    await change({
      file,
      edit: async (relative, fn) => {
        const value = await readJson(file(relative)).catch(() => ({}) as Row);
        fn(value);
        await writeFile(file(relative), JSON.stringify(value));
      },
      write: (relative, text) => writeFile(file(relative), text),
      remove: (relative) => unlink(file(relative)),
    });
    return problemsOf(dir, { defaultMandant: 'telko' });
  }

  interface Tools {
    file: (relative: string) => string;
    edit: (relative: string, fn: (value: Row) => void) => Promise<void>;
    write: (relative: string, text: string) => Promise<void>;
    remove: (relative: string) => Promise<void>;
  }

  const config = 'telko/mandant.json';
  const festnetz = (value: Row) => value.festnetz as Row[];
  const firstReward = (value: Row) => ((festnetz(value)[0] as Row).Praemien as Row[])[0] as Row;

  it.each<[string, (tools: Tools) => Promise<void>, RegExp]>([
    [
      'an unknown mandant.json property',
      ({ edit }) => edit(config, (c) => Object.assign(c, { Colour: 'red' })),
      /^telko\/mandant\.json \/Colour: unknown property "Colour"/m,
    ],
    [
      'an unknown block type',
      ({ edit }) =>
        edit('telko/pages/Faq.json', (p) =>
          Object.assign(p, { blocks: [{ id: 'x', type: 'Carousel', props: {} }] }),
        ),
      /^telko\/pages\/Faq\.json \/blocks\/0\/type: unknown block type "Carousel"/m,
    ],
    [
      'props that break the block schema',
      ({ edit }) =>
        edit('telko/pages/Faq.json', (p) =>
          Object.assign(p, { blocks: [{ id: 'intro', props: { level: 3 } }] }),
        ),
      /^telko\/pages\/Faq\.json \/blocks\/0\/props\/level: must be one of/m,
    ],
    [
      'an i18n key no language has',
      ({ edit }) =>
        edit('telko/pages/Faq.json', (p) =>
          Object.assign(p, { blocks: [{ id: 'intro', props: { headline: 'only.german' } }] }),
        ),
      /^telko\/i18n\/de\.json \/only\.german: .*"only\.german" \(used on page Faq\)/m,
    ],
    [
      'a text only in German',
      ({ edit }) => edit('telko/i18n/de.json', (t) => Object.assign(t, { 'x.y': 'nur Deutsch' })),
      /^telko\/i18n\/en\.json \/x\.y: text "x\.y" is missing in en/m,
    ],
    [
      'a text with spaces at its end',
      ({ edit }) => edit('telko/i18n/de.json', (t) => Object.assign(t, { 'x.y': 'Text ' })),
      /^telko\/i18n\/de\.json \/x\.y: a text must be non-empty and have no spaces/m,
    ],
    [
      'a route without a page',
      ({ edit }) =>
        edit(config, (c) => Object.assign(c, { routes: { ...(c.routes as Row), PrePage: '/vorab' } })),
      /^telko\/mandant\.json \/routes\/PrePage: route "PrePage" has no page/m,
    ],
    [
      'two routes with the same path',
      ({ edit }) => edit(config, (c) => Object.assign(c, { routes: { ...(c.routes as Row), Faq: '/' } })),
      /^telko\/mandant\.json \/routes\/\w+: path "\/" is already the path of route/m,
    ],
    [
      'a link to a route without a path',
      ({ edit }) =>
        edit('telko/pages/Homepage.json', (p) =>
          Object.assign(p, {
            blocks: [{ id: 'hero', props: { cta: { label: 'x', route: 'PrePage' } } }],
          }),
        ),
      /^telko\/pages\/Homepage\.json \/blocks\/0\/props\/cta\/route: links to route "PrePage", which has no path/m,
    ],
    [
      'a home page without a main action (issue 18)',
      ({ edit }) =>
        edit('telko/pages/Homepage.json', (p) =>
          Object.assign(p, {
            blocks: [
              { id: 'hero', props: { image: { src: 'keyvisual-home.svg', width: 480, height: 360 } } },
            ],
          }),
        ),
      /^telko\/pages\/Homepage\.json \/blocks\/0\/props\/cta: the home page has no main action/m,
    ],
    [
      'a main action that leads to a section no block marks (issue 18)',
      ({ edit }) =>
        edit('telko/pages/Homepage.json', (p) =>
          Object.assign(p, {
            blocks: [{ id: 'hero', props: { cta: { label: 'home.hero.recommend', section: 'nirgends' } } }],
          }),
        ),
      /^telko\/pages\/Homepage\.json \/blocks\/0\/props\/cta\/section: the main action leads to section "nirgends", which no block/m,
    ],
    [
      'a placement next to an unknown block',
      ({ edit }) =>
        edit('telko/pages/Faq.json', (p) =>
          Object.assign(p, { blocks: [{ id: 'n', type: 'TextSection', after: 'nope', props: {} }] }),
        ),
      /^telko\/pages\/Faq\.json .*no block with id "nope"/m,
    ],
    [
      'a page file for an unknown route name',
      ({ write }) => write('telko/pages/Shop.json', JSON.stringify({ blocks: [] })),
      /^telko\/pages\/Shop\.json: "Shop" is not a known route name/m,
    ],
    [
      'text that fails the contrast minimum',
      ({ edit }) =>
        edit(config, (c) =>
          Object.assign(c, { theme: { ...(c.theme as Row), colors: { muted: '#AAAAAA' } } }),
        ),
      /^telko\/mandant\.json \/theme\/colors\/muted: muted on \w+ has contrast/m,
    ],
    [
      'a mandant without a logo',
      ({ edit }) => edit(config, (c) => delete (c.theme as Row).logo),
      /^telko\/mandant\.json \/theme\/logo: theme\.logo is not set \(hint: /m,
    ],
    [
      'a missing logo file',
      ({ remove }) => remove('telko/assets/logo.svg'),
      /^telko\/mandant\.json \/theme\/logo\/src: file "logo\.svg" not found/m,
    ],
    [
      'an SVG with an external reference',
      ({ write }) =>
        write('telko/assets/x.svg', '<svg><title>x</title><image href="https://a.example/b.png"/></svg>'),
      /^telko\/assets\/x\.svg: the SVG has scripts or external references/m,
    ],
    [
      'an SVG without a title',
      ({ write }) => write('telko/assets/x.svg', '<svg><rect width="1" height="1"/></svg>'),
      /^telko\/assets\/x\.svg: the SVG has no <title>/m,
    ],
    [
      'Facebook without FacebookId',
      ({ edit }) => edit(config, (c) => Object.assign(c, { FacebookId: '' })),
      /^telko\/mandant\.json \/FacebookId: ModuleFacebook is on but FacebookId is empty/m,
    ],
    [
      'a product id used twice',
      ({ edit }) =>
        edit('telko/products/mobilfunk.json', (m) => {
          const list = m.mobilfunk as Row[];
          list.push({ ...(list[0] as Row) });
        }),
      /^telko\/products: product id \d+ is used twice/m,
    ],
    [
      'a product without a SPEC field',
      ({ edit }) => edit('telko/products/festnetz.json', (f) => delete (festnetz(f)[0] as Row).Provision),
      /^telko\/products\/festnetz\.json \/festnetz\/0\/Provision: required property is missing/m,
    ],
    [
      'a reward whose display text does not match its cents',
      ({ edit }) =>
        edit('telko/products/festnetz.json', (f) => {
          (festnetz(f)[0] as Row).Praemien = [{ ...firstReward(f), Id: 999, Wert: '7,00 €' }];
        }),
      /^telko\/products: Praemie 999 of product \d+: Wert "7,00 €" is not "70,00\s€"/m,
    ],
    [
      'a reward that differs between products',
      ({ edit }) =>
        edit('telko/products/festnetz.json', (f) => {
          (festnetz(f)[1] as Row).Praemien = [{ ...firstReward(f), Titel: 'anders' }];
        }),
      /^telko\/products: Praemie \d+ differs between products/m,
    ],
    [
      'a reward that ends before it starts',
      ({ edit }) =>
        edit('telko/products/festnetz.json', (f) => {
          (festnetz(f)[0] as Row).Praemien = [
            { ...firstReward(f), Id: 998, Enddatum: '2000-01-01T00:00:00' },
          ];
        }),
      /^telko\/products: Praemie 998 of product \d+ ends before it starts/m,
    ],
    [
      'a footnote that fussnoten lacks',
      ({ edit }) =>
        edit('telko/products/festnetz.json', (f) =>
          Object.assign(festnetz(f)[0] as Row, { Fussnote: 'fn-nope' }),
        ),
      /^telko\/products: product \d+ names footnote "fn-nope", which fussnoten lacks/m,
    ],
    [
      'an Aktionspreis not below the price',
      ({ edit }) =>
        edit('telko/products/mobilfunk.json', (m) => {
          const offer = (m.mobilfunk as Row[]).find((candidate) => candidate.Aktion === 1) as Row;
          offer.Aktionspreis = offer.PreisHandy;
        }),
      /^telko\/products: offer \d+: Aktionspreis is not below PreisHandy/m,
    ],
    [
      'a TV preselection that is not a TV product',
      ({ edit }) =>
        edit('telko/products/kategorien.json', (k) => {
          const category = (k.kategorien as Row[]).find((candidate) => candidate.TvProduktId) as Row;
          category.TvProduktId = 601;
        }),
      /^telko\/products: category \d+: TvProduktId 601 is not a TV \(TP\) product/m,
    ],
    [
      'a category that lists nothing',
      ({ edit }) =>
        edit('telko/products/kategorien.json', (k) =>
          Object.assign((k.kategorien as Row[])[0] as Row, { Kategorie: 'raumfahrt' }),
        ),
      /^telko\/products: category \d+ \(\S+\) lists no product/m,
    ],
    [
      'a data-driven mandant without a catalogue',
      ({ remove }) => remove('telko/products/festnetz.json'),
      /^telko\/products: produktApi "data-driven" needs festnetz data/m,
    ],
    [
      'a placeholder left by new in a text',
      ({ edit }) =>
        edit('telko/i18n/en.json', (t) =>
          Object.assign(t, { 'footer.copyright': '[Please fill in: footer.copyright]' }),
        ),
      /^telko\/i18n\/en\.json \/footer\.copyright: the placeholder "\[Please fill in: footer\.copyright\]" would go live/m,
    ],
    [
      "a content variable that still has _base's placeholder",
      ({ edit }) => edit('telko/content/de/variables.json', (c) => delete (c.variables as Row)['firma.name']),
      /^telko\/content\/de\/variables\.json \/variables\/firma\.name: the placeholder "\[Bitte ausfüllen: firma\.name\]" would go live/m,
    ],
    [
      'a product source with nothing to recommend',
      ({ edit }) => edit(config, (c) => Object.assign(c, { produktApi: 'generic' })),
      /^telko\/products: produktApi "generic" needs generisch data: there is nothing to recommend/m,
    ],
    [
      'a placeholder left by new in mandant.json',
      ({ edit }) => edit(config, (c) => Object.assign(c, { name: '[Bitte ausfüllen: name]' })),
      /^telko\/mandant\.json \/name: the placeholder "\[Bitte ausfüllen: name\]" would go live/m,
    ],
    [
      'the placeholder logo left by new',
      ({ write }) =>
        write(
          'telko/assets/logo.svg',
          '<svg><title>[Bitte ausfüllen: logo.svg]</title><rect width="1"/></svg>',
        ),
      /^telko\/assets\/logo\.svg: the placeholder picture written by `npm run mandant -- new` would go live/m,
    ],
    [
      'a placeholder product left by new',
      ({ edit }) =>
        edit('telko/products/festnetz.json', (f) =>
          Object.assign(festnetz(f)[0] as Row, { AnzeigeName: '[Bitte ausfüllen: AnzeigeName]' }),
        ),
      /^telko\/products\/festnetz\.json \/festnetz\/0\/AnzeigeName: the placeholder "\[Bitte ausfüllen: AnzeigeName\]" would go live/m,
    ],
    [
      'an amount split from € by a normal space',
      ({ edit }) =>
        edit('telko/i18n/de.json', (t) => Object.assign(t, { 'x.y': 'Sie erhalten 70 € Prämie.' })),
      /^telko\/i18n\/de\.json \/x\.y: "70 €" splits the amount from "€" with a normal space/m,
    ],
    [
      'an amount split from € by a normal space in a content variable',
      ({ edit }) =>
        edit('telko/content/de/variables.json', (c) =>
          Object.assign(c.variables as Row, { 'praemie.festnetz': '70 €' }),
        ),
      /^telko\/content\/de\/variables\.json \/variables\/praemie\.festnetz: "70 €" splits the amount/m,
    ],
    [
      'a hard-coded amount in a text inherited from _base',
      async ({ edit }) => {
        await edit('_base/i18n/de.json', (t) =>
          Object.assign(t, { 'expired.recommendYourself': 'Sie erhalten 50\u00a0€ Prämie.' }),
        );
        await edit('telko/i18n/de.json', (t) => delete t['expired.recommendYourself']);
      },
      /^telko\/i18n\/de\.json \/expired\.recommendYourself: the text inherited from _base promises "50\u00a0€", which _base cannot know/m,
    ],
    [
      'a choice of split the recommend form does not offer',
      ({ edit }) => edit(config, (c) => Object.assign(c, { RecommenderDefaultShare: '50' })),
      /^telko\/i18n\/de\.json \/home\.steps\.reward\.text: the text inherited from _base promises a choice of how the reward is split, but RecommenderDefaultShare "50" leaves none/m,
    ],
    // Embedded content: validate reads and checks it as the server start does (checkEmbeddedContent).
    [
      'an undefined {{variable}} in content',
      ({ edit }) =>
        edit('telko/content/de/keyvisuals.json', (k) =>
          Object.assign((k.keyVisuals as Row).home as Row, { headline: 'Bis zu {{praemie.gibtesnicht}}' }),
        ),
      /^telko\/content\/de\/keyvisuals\.json \/keyVisuals\/home: key visual "home": \{\{praemie\.gibtesnicht\}\} is not defined in variables\.json/m,
    ],
    [
      'a FAQ item in a category that does not exist',
      ({ edit }) =>
        edit('telko/content/en/faq.json', (f) =>
          Object.assign((f.items as Row[])[0] as Row, { category: 'nope' }),
        ),
      /^telko\/content\/en\/faq\.json \/items\/0\/category: FAQ item "code": category "nope" does not exist/m,
    ],
    [
      'a content entry a page shows but nobody has',
      ({ remove }) => remove('_base/content/en/entries/accessibility.json'),
      /^telko\/content\/en\/entries\/accessibility\.json: missing: page Accessibility, block "\w+" shows content entry "accessibility"/m,
    ],
    [
      'a split the form does not offer, in content',
      ({ edit }) =>
        edit('telko/content/de/faq.json', (f) => {
          const answer = ((f.items as Row[])[4] as Row).answer as Row;
          answer.content = [
            {
              nodeType: 'paragraph',
              content: [{ nodeType: 'text', value: 'Sie teilen 70:30.', marks: [], data: {} }],
            },
          ];
        }),
      /^telko\/content\/de\/faq\.json \/items\/4\/answer\/content\/0: the text promises a 70:30 split, but the recommend form offers 100:0 or 50:50/m,
    ],
    [
      "a choice of split in the mandant's own content where RecommenderDefaultShare leaves none",
      ({ edit }) => edit(config, (c) => Object.assign(c, { RecommenderDefaultShare: '50' })),
      /^telko\/content\/en\/faq\.json \/items\/4\/answer\/content\/0: the text promises a choice of how the reward is split, but RecommenderDefaultShare "50" leaves none/m,
    ],
    [
      "_base's participation terms as they were before issue 18, where RecommenderDefaultShare leaves no choice",
      async ({ edit }) => {
        await edit(config, (c) => Object.assign(c, { RecommenderDefaultShare: '50' }));
        await edit('_base/content/de/entries/participation-terms.json', (e) => {
          const paragraph = ((e.body as Row).content as Row[])[12] as Row;
          Object.assign((paragraph.content as Row[])[0] as Row, {
            value:
              'Sie können die Prämie 50:50 mit der empfohlenen Person teilen. Die Aufteilung legen Sie fest, wenn Sie die Empfehlung abgeben.',
          });
        });
      },
      /^_base\/content\/de\/entries\/participation-terms\.json \/body\/content\/12: the text inherited from _base promises a choice of how the reward is split, but RecommenderDefaultShare "50" leaves none \(the form offers only 50:50\) \(hint: override it in telko\/content\/de\/entries\/participation-terms\.json without the choice\)/m,
    ],
    [
      'a hard-coded amount in content inherited from _base',
      ({ edit }) =>
        edit('_base/content/de/faq.json', (f) => {
          const answer = ((f.items as Row[])[8] as Row).answer as Row;
          answer.content = [
            {
              nodeType: 'paragraph',
              content: [
                { nodeType: 'text', value: 'Sie erhalten 50\u00a0€ nach 6 Wochen.', marks: [], data: {} },
              ],
            },
          ];
        }),
      /^_base\/content\/de\/faq\.json \/items\/8\/answer\/content\/0: the text inherited from _base promises "50\u00a0€", which _base cannot know for this mandant \(hint: override it in telko\/content\/de\/faq\.json \(the same id\) with/m,
    ],
  ])('%s', async (_name, change, expected) => {
    const problems = (await broken(change)).join('\n');
    expect(problems).toMatch(expected);
  });
});

describe("_base's content is right for any RecommenderDefaultShare (a new mandant inherits it)", () => {
  let scratch: string | undefined;
  afterEach(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it.each(['100', '70', '50', '0'])(
    'RecommenderDefaultShare "%s": no promise of _base is reported',
    async (share) => {
      scratch = await mkdtemp(path.join(tmpdir(), 'mandant-share-'));
      for (const folder of ['_base', 'versicherung'])
        await cp(path.join(MANDANTS, folder), path.join(scratch, folder), { recursive: true });
      // The insurer without its own FAQ: it inherits every _base content text.
      for (const language of ['de', 'en'])
        await rm(path.join(scratch, 'versicherung', 'content', language, 'faq.json'));
      const file = path.join(scratch, 'versicherung', 'mandant.json');
      await writeFile(file, JSON.stringify({ ...(await readJson(file)), RecommenderDefaultShare: share }));
      const problems = await problemsOf(scratch, { defaultMandant: 'versicherung' });
      expect(problems.filter((problem) => /promises/.test(problem))).toEqual([]);
    },
  );
});

describe('the pure checks, on what the demos cannot express by one edit', () => {
  const input = (change: Partial<MandantCheckInput>): MandantCheckInput => ({
    config: {
      routes: { Homepage: '/', FileNotFound: '/404' },
      additionalRoutes: [],
      SupportedLanguage: { Sprache: ['de', 'en'], Standard: 'de' },
      theme: { logo: { src: 'logo.svg', width: 1, height: 1 } },
      ModuleFacebook: -1,
      RecommenderDefaultShare: '100',
      MaxEmpfaengerPraemieCent: 0,
    } as unknown as MandantCheckInput['config'],
    pages: {
      Homepage: {
        title: 'home.title',
        blocks: [
          {
            id: 'hero',
            type: 'Hero',
            props: { headline: 'home.title', cta: { label: 'home.title', route: 'Homepage' } },
          },
        ],
      },
    },
    pageFile: (name) => ({ file: `pages/${name}.json` }),
    configFile: () => 'mandant.json',
    translations: { de: { 'home.title': 'Start' }, en: { 'home.title': 'Home' } },
    i18nFile: (language) => `i18n/${language}.json`,
    i18nSources: [],
    svgAssets: [],
    goLive: true,
    contentVariables: [],
    ...change,
  });
  const reasons = (change: Partial<MandantCheckInput>) =>
    mandantChecks(input(change)).map((p) => `${p.file} ${p.pointer}: ${p.reason}`);

  it('passes the minimal input', () => {
    expect(reasons({})).toEqual([]);
  });

  it.each<[string, Partial<MandantCheckInput>, RegExp]>([
    [
      'no Homepage and no FileNotFound route',
      { config: { ...input({}).config, routes: { Faq: '/faq' } } },
      /mandant\.json \/routes\/Homepage: no Homepage route\nmandant\.json \/routes\/FileNotFound: no FileNotFound route/,
    ],
    [
      'a page without a title',
      { pages: { Homepage: { blocks: [{ id: 'a', type: 'TextSection' }] } } },
      /pages\/Homepage\.json \/title: the page has no title key/,
    ],
    [
      'a page without blocks',
      { pages: { Homepage: { title: 'home.title', blocks: [] } } },
      /pages\/Homepage\.json \/blocks: the page has no blocks/,
    ],
    [
      'a split the recommend form does not offer',
      {
        translations: {
          de: { 'home.title': 'Start', x: 'Sie teilen 70:30.' },
          en: { 'home.title': 'Home', x: 'x' },
        },
      },
      /i18n\/de\.json \/x: the text promises a 70:30 split, but the recommend form offers 100:0 or 50:50 \(RecommenderDefaultShare "100"\)/,
    ],
    [
      "a promise to keep the full reward where the split is fixed (the insurer demo's old text)",
      {
        config: { ...input({}).config, RecommenderDefaultShare: '50' },
        translations: {
          de: { 'home.title': 'Start', x: 'Sie können die vollen 25\u00a0€ aber auch selbst behalten.' },
          en: { 'home.title': 'Home', x: 'x' },
        },
      },
      /i18n\/de\.json \/x: the text promises a choice of how the reward is split, but RecommenderDefaultShare "50" leaves none \(the form offers only 50:50\)/,
    ],
    [
      'the configured split written as {{anteilEmpfehler}}:{{anteilEmpfaenger}} is checked with its numbers',
      {
        config: { ...input({}).config, RecommenderDefaultShare: '70' },
        translations: {
          de: { 'home.title': 'Start', x: 'Sie teilen {{anteilEmpfaenger}}:{{anteilEmpfehler}}.' },
          en: { 'home.title': 'Home', x: 'x' },
        },
      },
      /i18n\/de\.json \/x: the text promises a 30:70 split/,
    ],
    ...(
      [
        [
          'de',
          'Sie können die Prämie 50:50 mit der empfohlenen Person teilen. Die Aufteilung legen Sie fest, wenn Sie die Empfehlung abgeben.',
        ],
        ['de', 'Die Aufteilung legen Sie fest, wenn Sie die Empfehlung abgeben.'],
        [
          'en',
          'You can split the reward 50:50 with the recommended person. You decide on the split when you make the recommendation.',
        ],
        ['en', 'You decide on the split when you make the recommendation.'],
      ] as const
    ).map(([language, text]): [string, Partial<MandantCheckInput>, RegExp] => [
      `_base's old participation terms (${language}: "${text.slice(0, 30)}…") promise a choice where the split is fixed`,
      {
        config: { ...input({}).config, RecommenderDefaultShare: '50' },
        translations: {
          de: { 'home.title': 'Start', x: 'x' },
          en: { 'home.title': 'Home', x: 'x' },
          [language]: { 'home.title': 'T', x: text },
        },
      },
      new RegExp(`i18n/${language}\\.json /x: the text promises a choice of how the reward is split`),
    ]),
    [
      'an offered language without texts',
      { translations: { de: { 'home.title': 'Start' } } },
      /i18n\/en\.json : the mandant offers "en" but has no texts in it/,
    ],
  ])('%s', (_name, change, expected) => {
    expect(reasons(change).join('\n')).toMatch(expected);
  });
});
