import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { contrastRatio, themeContrastProblems } from '../../domain/contrast.ts';
import {
  deepMerge,
  isPlainObject,
  type Json,
  type JsonObject,
  mergePage,
  type PageFile,
} from '../../domain/merge.ts';
import type { ThemeColors } from '../../schemas/api.ts';
import { routeName, textKey } from '../../schemas/blocks/common.ts';
import { blockPropsSchemas, isBlockType } from '../../schemas/blocks/index.ts';
import { isRouteName } from '../../schemas/routes.ts';

/**
 * Every folder in mandants/ is data only, so this suite is its compiler: each file validates against its
 * schema, and what the runtime will see after merging over _base (mandants/README.md) is complete — every
 * block is registered with valid props, every i18n key exists in every offered language, every route has a
 * page, every link points to a route, the theme passes WCAG AA contrast and the product data is coherent.
 * Each check returns problems prefixed with the file they concern; the last block proves each check can fail.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const MANDANTS_DIR = join(repoRoot, 'mandants');
const BASE = '_base';

type I18n = Record<string, Record<string, string>>;

interface MandantFolder {
  id: string;
  config: JsonObject;
  pages: Record<string, PageFile>;
  i18n: I18n;
  products: Record<string, Json>;
  assets: Record<string, string>;
}

interface MergedMandant {
  id: string;
  config: JsonObject;
  pages: Record<string, PageFile>;
  i18n: I18n;
}

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, 'utf8')) as Json;
}

function filesIn(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort();
}

function loadFolder(id: string): MandantFolder {
  const dir = join(MANDANTS_DIR, id);
  const byName = <T>(sub: string, suffix: string, read: (path: string) => T): Record<string, T> =>
    Object.fromEntries(
      filesIn(join(dir, sub), suffix).map((name) => [
        name.slice(0, name.length - suffix.length),
        read(join(dir, sub, name)),
      ]),
    );
  return {
    id,
    config: readJson(join(dir, 'mandant.json')) as JsonObject,
    pages: byName('pages', '.json', (path) => readJson(path) as PageFile),
    i18n: byName('i18n', '.json', (path) => readJson(path) as Record<string, string>),
    products: byName('products', '.json', readJson),
    assets: byName('assets', '', (path) => readFileSync(path, 'utf8')),
  };
}

function mandantIds(): string[] {
  return readdirSync(MANDANTS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

// --- schemas ---------------------------------------------------------------------------------------------

const schemaFile = (name: string) => readJson(join(repoRoot, 'schemas', name)) as JsonObject;

function newAjv(options: { useDefaults?: boolean } = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, ...options });
  addFormats(ajv);
  return ajv;
}

const ajv = newAjv();
const validateMandant = ajv.compile(schemaFile('mandant.schema.json'));
const validatePage = ajv.compile(schemaFile('page.schema.json'));
const validateProducts = ajv.compile(schemaFile('products.schema.json'));
const fillMandantDefaults = newAjv({ useDefaults: true }).compile(schemaFile('mandant.schema.json'));
const validateProps = Object.fromEntries(
  Object.entries(blockPropsSchemas).map(([type, schema]) => [type, ajv.compile(schema)]),
) as Record<string, ValidateFunction>;

function schemaProblems(validate: ValidateFunction, data: unknown, file: string): string[] {
  if (validate(data)) return [];
  return (validate.errors ?? []).map((error) => `${file} ${error.instancePath || '/'}: ${error.message}`);
}

function folderSchemaProblems(folder: MandantFolder): string[] {
  const at = `mandants/${folder.id}`;
  return [
    ...schemaProblems(validateMandant, folder.config, `${at}/mandant.json`),
    ...Object.entries(folder.pages).flatMap(([name, page]) => [
      ...schemaProblems(validatePage, page, `${at}/pages/${name}.json`),
      ...(isRouteName(name) ? [] : [`${at}/pages/${name}.json: "${name}" is not a known route name`]),
    ]),
    ...Object.entries(folder.products).flatMap(([name, data]) =>
      schemaProblems(validateProducts, data, `${at}/products/${name}.json`),
    ),
    ...Object.entries(folder.i18n).flatMap(([language, texts]) =>
      Object.entries(texts as Record<string, unknown>)
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '' || text !== text.trim())
        .map(
          ([key]) => `${at}/i18n/${language}.json "${key}": must be a non-empty string without outer spaces`,
        ),
    ),
  ];
}

// --- merge (mandants/README.md) ----------------------------------------------------------------------------

function mergeFolder(
  base: MandantFolder,
  folder: MandantFolder,
): { merged: MergedMandant; problems: string[] } {
  const problems: string[] = [];
  const config = structuredClone(deepMerge(base.config, folder.config));
  fillMandantDefaults(config);
  const pages: Record<string, PageFile> = {};
  for (const name of new Set([...Object.keys(base.pages), ...Object.keys(folder.pages)])) {
    try {
      pages[name] = mergePage(base.pages[name], folder.pages[name]);
    } catch (error) {
      const pointer = (error as { pointer?: string }).pointer ?? '';
      problems.push(`mandants/${folder.id}/pages/${name}.json ${pointer}: ${(error as Error).message}`);
    }
  }
  const i18n: I18n = {};
  for (const language of new Set([...Object.keys(base.i18n), ...Object.keys(folder.i18n)])) {
    i18n[language] = { ...base.i18n[language], ...folder.i18n[language] };
  }
  return { merged: { id: folder.id, config, pages, i18n }, problems };
}

// --- pages: blocks, i18n keys, routes ----------------------------------------------------------------------

interface Reference {
  at: string;
  value: string;
}

/** Walks props along their schema and collects the values typed as i18n keys and as route names. */
function collectReferences(
  schema: unknown,
  value: unknown,
  at: string,
  keys: Reference[],
  routes: Reference[],
) {
  if (!isPlainObject(schema)) return;
  if (schema === (textKey as unknown) && typeof value === 'string') keys.push({ at, value });
  if (schema === (routeName as unknown) && typeof value === 'string') routes.push({ at, value });
  const properties = schema.properties;
  if (isPlainObject(properties) && isPlainObject(value)) {
    for (const [name, sub] of Object.entries(properties)) {
      if (name in value) collectReferences(sub, value[name], `${at}/${name}`, keys, routes);
    }
  }
  if (Array.isArray(value) && 'items' in schema) {
    value.forEach((item, index) => {
      collectReferences(schema.items, item, `${at}/${index}`, keys, routes);
    });
  }
}

function languagesOf(config: JsonObject): string[] {
  const supported = config.SupportedLanguage as { Sprache?: string[] } | undefined;
  return supported?.Sprache ?? [];
}

function pageProblems(mandant: MergedMandant): string[] {
  const problems: string[] = [];
  const routes = (mandant.config.routes ?? {}) as Record<string, string>;
  const languages = languagesOf(mandant.config);
  for (const [name, page] of Object.entries(mandant.pages)) {
    const at = `${mandant.id}: page ${name}`;
    const keys: Reference[] = [];
    const links: Reference[] = [];
    if (page.title) keys.push({ at: '/title', value: page.title });
    else problems.push(`${at}: has no title key`);
    const blocks = page.blocks ?? [];
    if (blocks.length === 0) problems.push(`${at}: has no blocks`);
    const ids = blocks.map((block) => block.id);
    if (new Set(ids).size !== ids.length)
      problems.push(`${at}: block ids are not unique (${ids.join(', ')})`);
    blocks.forEach((block, index) => {
      const where = `/blocks/${index} (${block.id})`;
      if (!isBlockType(block.type)) {
        problems.push(`${at} ${where}: block type "${block.type}" is not in blockPropsSchemas`);
        return;
      }
      const validate = validateProps[block.type] as ValidateFunction;
      problems.push(...schemaProblems(validate, block.props ?? {}, `${at} ${where}/props`));
      collectReferences(blockPropsSchemas[block.type], block.props ?? {}, `${where}/props`, keys, links);
    });
    for (const language of languages) {
      const texts = mandant.i18n[language] ?? {};
      for (const key of keys) {
        if (!texts[key.value])
          problems.push(`${at} ${key.at}: i18n key "${key.value}" is missing in ${language}`);
      }
    }
    for (const link of links) {
      if (!(link.value in routes))
        problems.push(`${at} ${link.at}: links to route "${link.value}" which has no path`);
    }
  }
  return problems;
}

function routeProblems(mandant: MergedMandant): string[] {
  const routes = (mandant.config.routes ?? {}) as Record<string, string>;
  const problems = Object.keys(routes)
    .filter((name) => !mandant.pages[name])
    .map((name) => `${mandant.id}: route "${name}" has no page (pages/${name}.json here or in ${BASE})`);
  const paths = Object.values(routes);
  if (new Set(paths).size !== paths.length) problems.push(`${mandant.id}: two routes share a path`);
  if (!routes.Homepage) problems.push(`${mandant.id}: no Homepage route`);
  if (!routes.FileNotFound) problems.push(`${mandant.id}: no FileNotFound route`);
  return problems;
}

function i18nProblems(mandant: MergedMandant): string[] {
  const languages = languagesOf(mandant.config);
  const problems = languages
    .filter((language) => !mandant.i18n[language])
    .map((language) => `${mandant.id}: offers "${language}" but has no i18n/${language}.json`);
  const all = new Set(languages.flatMap((language) => Object.keys(mandant.i18n[language] ?? {})));
  for (const language of languages) {
    const texts = mandant.i18n[language] ?? {};
    for (const key of all)
      if (!texts[key]) problems.push(`${mandant.id}: i18n key "${key}" is missing in ${language}`);
  }
  return problems;
}

// --- theme and assets ----------------------------------------------------------------------------------

function themeProblems(mandant: MergedMandant): string[] {
  const colors = ((mandant.config.theme as JsonObject | undefined)?.colors ?? {}) as ThemeColors;
  return themeContrastProblems(colors).map((problem) =>
    problem.missing
      ? `${mandant.id}: theme colour ${problem.missing} is not set`
      : `${mandant.id}: ${problem.foreground} ${colors[problem.foreground]} on ${problem.background} ${colors[problem.background]} has contrast ${problem.ratio?.toFixed(2)}, needs ${problem.minimum}`,
  );
}

/** Asset names are looked up in the mandant's assets/, then in _base/assets/ (as the server serves them). */
function assetProblems(folder: MandantFolder, mandant: MergedMandant, inherited: MandantFolder): string[] {
  const theme = (mandant.config.theme ?? {}) as { logo?: { src?: string }; favicon?: string };
  const problems: string[] = [];
  for (const file of [theme.logo?.src, theme.favicon]) {
    if (file === undefined) continue;
    if (file.includes('/')) problems.push(`${folder.id}: asset "${file}" must be a plain file name`);
    else if (!(file in folder.assets) && !(file in inherited.assets)) {
      problems.push(`${folder.id}: asset "${file}" is not in assets/ or ${BASE}/assets/`);
    }
  }
  if (!theme.logo?.src) problems.push(`${folder.id}: theme.logo is not set`);
  for (const [name, text] of Object.entries(folder.assets)) {
    if (!name.endsWith('.svg')) continue;
    if (!/<title[ >]/.test(text)) problems.push(`${folder.id}: assets/${name} has no <title>`);
    if (/<script|\bon[a-z]+=|(?:href|src)="(?!#)|url\((?!#)|@import/i.test(text)) {
      problems.push(`${folder.id}: assets/${name} has scripts or external references`);
    }
  }
  return problems;
}

function configProblems(mandant: MergedMandant): string[] {
  const config = mandant.config;
  const problems: string[] = [];
  if (config.ModuleFacebook !== -1 && !config.FacebookId)
    problems.push(`${mandant.id}: ModuleFacebook needs FacebookId`);
  const languages = languagesOf(config);
  const standard = (config.SupportedLanguage as { Standard?: string }).Standard ?? '';
  if (!languages.includes(standard))
    problems.push(`${mandant.id}: default language "${standard}" is not offered`);
  return problems;
}

// --- products ------------------------------------------------------------------------------------------

type Row = Record<string, Json>;

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

function rows(folder: MandantFolder, kind: string): Row[] {
  return Object.values(folder.products).flatMap((data) =>
    isPlainObject(data) && Array.isArray(data[kind]) ? (data[kind] as Row[]) : [],
  );
}

function productProblems(folder: MandantFolder, mandant: MergedMandant): string[] {
  const at = `${folder.id}: products`;
  const problems: string[] = [];
  const festnetz = rows(folder, 'festnetz');
  const mobilfunk = rows(folder, 'mobilfunk');
  const generisch = rows(folder, 'generisch');
  const kategorien = rows(folder, 'kategorien');
  const fussnoten = rows(folder, 'fussnoten');
  const source = mandant.config.produktApi;
  if (source === 'data-driven') {
    for (const [kind, list] of Object.entries({ festnetz, mobilfunk, kategorien })) {
      if (list.length === 0) problems.push(`${at}: produktApi "data-driven" needs ${kind} data`);
    }
  }
  if (source === 'generic' && generisch.length === 0)
    problems.push(`${at}: produktApi "generic" needs generisch data`);

  const products = [...festnetz, ...mobilfunk, ...generisch];
  const seen = new Set<Json | undefined>();
  for (const product of products) {
    if (seen.has(product.Id)) problems.push(`${at}: product id ${product.Id} is used twice`);
    seen.add(product.Id);
  }
  const rewards = new Map<Json | undefined, string>();
  for (const product of products) {
    for (const reward of (product.Praemien ?? []) as Row[]) {
      const text = JSON.stringify(reward);
      const known = rewards.get(reward.Id);
      if (known !== undefined && known !== text)
        problems.push(`${at}: Praemie ${reward.Id} differs between products`);
      rewards.set(reward.Id, text);
      const shown = euro.format(Number(reward.WertCent) / 100).replace(/\s/g, ' ');
      if (reward.Wert !== shown)
        problems.push(`${at}: Praemie ${reward.Id} Wert "${reward.Wert}" is not "${shown}"`);
      if (reward.Enddatum && String(reward.Enddatum) < String(reward.Startdatum)) {
        problems.push(`${at}: Praemie ${reward.Id} ends before it starts`);
      }
    }
  }
  const footnotes = new Set(fussnoten.map((note) => note.Identifier));
  for (const product of festnetz) {
    if (product.Fussnote && !footnotes.has(product.Fussnote)) {
      problems.push(
        `${at}: product ${product.Id} names footnote "${product.Fussnote}" which fussnoten lacks`,
      );
    }
  }
  for (const offer of mobilfunk) {
    if (offer.Aktion === 1 && Number(offer.Aktionspreis) >= Number(offer.PreisHandy)) {
      problems.push(`${at}: offer ${offer.Id} Aktionspreis is not below PreisHandy`);
    }
  }
  const festnetzById = new Map(festnetz.map((product) => [product.Id, product]));
  for (const category of kategorien) {
    const kategorie = String(category.Kategorie);
    const listed =
      category.Quelle === 'festnetz'
        ? festnetz.filter((p) => p.Gruppe === kategorie || String(p.Gruppe).startsWith(`${kategorie}-`))
        : mobilfunk.filter((offer) => offer.GeraeteTyp === kategorie);
    if (listed.length === 0)
      problems.push(`${at}: category ${category.Id} (${category.Pfad}) lists no product`);
    for (const field of ['HauptproduktId', 'TvProduktId']) {
      const id = category[field];
      if (id === undefined) continue;
      const product = festnetzById.get(id);
      if (!product) problems.push(`${at}: category ${category.Id} ${field} ${id} is not a festnetz product`);
      else if (field === 'TvProduktId' && product.Kategorie !== 'TP') {
        problems.push(`${at}: category ${category.Id} TvProduktId ${id} is not a TV (TP) product`);
      }
    }
  }
  const paths = kategorien.map((category) => category.Pfad);
  if (new Set(paths).size !== paths.length) problems.push(`${at}: two categories share a Pfad`);
  return problems;
}

// --- the whole check -----------------------------------------------------------------------------------

function mandantProblems(base: MandantFolder, folder: MandantFolder): string[] {
  const { merged, problems } = mergeFolder(base, folder);
  return [
    ...problems,
    ...schemaProblems(validateMandant, merged.config, `${folder.id}: merged configuration`),
    ...pageProblems(merged),
    ...routeProblems(merged),
    ...i18nProblems(merged),
    ...themeProblems(merged),
    ...assetProblems(folder, merged, base),
    ...configProblems(merged),
    ...productProblems(folder, merged),
  ];
}

const base = loadFolder(BASE);
const ids = mandantIds();
const folders = ids.map(loadFolder);

describe('mandant data', () => {
  it('has _base and at least one mandant', () => {
    expect(Object.keys(base.pages).length).toBeGreaterThan(0);
    expect(ids.length).toBeGreaterThan(0);
  });

  it.each([BASE, ...ids])('mandants/%s: every file validates against its schema', (id) => {
    const folder = id === BASE ? base : (folders.find((candidate) => candidate.id === id) as MandantFolder);
    expect(folderSchemaProblems(folder)).toEqual([]);
  });

  it(`${BASE}: every page is complete on its own and de and en hold the same keys`, () => {
    const onItsOwn = { ...base, id: `${BASE}-alone` };
    const { merged } = mergeFolder(base, { ...onItsOwn, pages: {}, i18n: {}, config: {} });
    const germanKeys = Object.keys(base.i18n.de ?? {}).sort();
    expect(germanKeys.length).toBeGreaterThan(0);
    expect(Object.keys(base.i18n.en ?? {}).sort()).toEqual(germanKeys);
    // mandant.* keys are supplied by every mandant (imprint address and the like), so they are left out here.
    const problems = pageProblems(merged).filter((problem) => !/i18n key "mandant\./.test(problem));
    expect(problems).toEqual([]);
  });

  it.each(ids)('mandants/%s: merged over _base it is complete and coherent', (id) => {
    const folder = folders.find((candidate) => candidate.id === id) as MandantFolder;
    expect(mandantProblems(base, folder)).toEqual([]);
  });

  it('exactly one mandant is the default, and no two mandants claim the same host', () => {
    const configs = folders.map((folder) => deepMerge(base.config, folder.config));
    expect(configs.filter((config) => config.default === true)).toHaveLength(1);
    const hosts = configs.flatMap((config) => (config.hosts ?? []) as string[]);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('_base texts use SPEC section 8 wording (the FAQ facts of sections 1 and 9 are content: tests/server/content.test.ts)', () => {
    const de = base.i18n.de ?? {};
    expect(de['notFound.headline']).toBe('404 - Datei nicht gefunden');
  });
});

describe('the mandant checks catch broken data', () => {
  // The telecom demo uses every feature the checks look at: catalogue, categories, footnotes, Facebook.
  const telko = loadFolder('telko');
  const broken = (change: (folder: MandantFolder) => void): string[] => {
    const folder = structuredClone(telko);
    change(folder);
    return [...folderSchemaProblems(folder), ...mandantProblems(base, folder)];
  };

  it.each<[string, (folder: MandantFolder) => void, RegExp]>([
    [
      'an unknown mandant.json property',
      (f) => Object.assign(f.config, { Colour: 'red' }),
      /additional properties/,
    ],
    [
      'an unknown block type',
      (f) => Object.assign(f.pages, { Faq: { blocks: [{ id: 'x', type: 'Carousel', props: {} }] } }),
      /"Carousel" is not in blockPropsSchemas/,
    ],
    [
      'props that break the block schema',
      (f) => Object.assign(f.pages, { Faq: { blocks: [{ id: 'intro', props: { level: 3 } }] } }),
      /\/level: must be equal to one of the allowed values/,
    ],
    [
      'an i18n key no language has',
      (f) =>
        Object.assign(f.pages, { Faq: { blocks: [{ id: 'intro', props: { headline: 'only.german' } }] } }),
      /"only.german" is missing in de/,
    ],
    [
      'a text only in German',
      (f) => Object.assign(f.i18n.de ?? {}, { 'x.y': 'nur Deutsch' }),
      /"x.y" is missing in en/,
    ],
    [
      'a route without a page',
      (f) => Object.assign(f.config, { routes: { ProfiBilling: '/profi/abrechnung' } }),
      /"ProfiBilling" has no page/,
    ],
    [
      'a link to a route without a path',
      (f) =>
        Object.assign(f.pages, {
          Homepage: { blocks: [{ id: 'hero', props: { cta: { label: 'x', route: 'ProfiBilling' } } }] },
        }),
      /links to route "ProfiBilling"/,
    ],
    [
      'a placement next to an unknown block',
      (f) =>
        Object.assign(f.pages, {
          Faq: { blocks: [{ id: 'n', type: 'TextSection', after: 'nope', props: {} }] },
        }),
      /no block with id "nope"/,
    ],
    [
      'a page file for an unknown route name',
      (f) => Object.assign(f.pages, { Shop: { blocks: [] } }),
      /not a known route/,
    ],
    [
      'text that fails the contrast minimum',
      (f) => Object.assign(f.config, { theme: { colors: { muted: '#AAAAAA' } } }),
      /muted #AAAAAA on background/,
    ],
    ['a missing logo file', (f) => delete f.assets['logo.svg'], /"logo.svg" is not in assets\//],
    [
      'an SVG with an external reference',
      (f) =>
        Object.assign(f.assets, {
          'x.svg': '<svg><title>x</title><image href="https://a.example/b.png"/></svg>',
        }),
      /external references/,
    ],
    [
      'Facebook without FacebookId',
      (f) => Object.assign(f.config, { FacebookId: '' }),
      /ModuleFacebook needs FacebookId/,
    ],
    [
      'a product id used twice',
      (f) => {
        const list = (f.products.mobilfunk as { mobilfunk: Row[] }).mobilfunk;
        list.push({ ...(list[0] as Row) });
      },
      /product id \d+ is used twice/,
    ],
    [
      'a product without a SPEC field',
      (f) => delete ((f.products.festnetz as { festnetz: Row[] }).festnetz[0] as Row).Provision,
      /must have required property 'Provision'/,
    ],
    [
      'a reward whose display text does not match its cents',
      (f) => {
        const product = (f.products.festnetz as { festnetz: Row[] }).festnetz[0] as Row;
        product.Praemien = [{ ...((product.Praemien as Row[])[0] as Row), Id: 999, Wert: '7,00 €' }];
      },
      /Praemie 999 Wert "7,00 €" is not "70,00 €"/,
    ],
    [
      'a category that lists nothing',
      (f) => {
        const category = (f.products.kategorien as { kategorien: Row[] }).kategorien[0] as Row;
        category.Kategorie = 'raumfahrt';
      },
      /lists no product/,
    ],
    ['a data-driven mandant without a catalogue', (f) => delete f.products.festnetz, /needs festnetz data/],
  ])('%s', (_name, change, expected) => {
    const problems = broken(change);
    expect(
      problems.some((problem) => expected.test(problem)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});
