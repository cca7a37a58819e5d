import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageFile } from '../../domain/merge.ts';
import type { MandantConfig } from '../../schemas/api.ts';
import type { Agent } from '../../schemas/products.ts';
import { ApiProblem } from '../../server/http/ApiProblem.ts';
import type { LoadedMandant } from '../../server/mandants/LoadedMandant.ts';
import { MandantConfigError } from '../../server/mandants/MandantConfigError.ts';
import { loadProductCatalogues, missingSourceData } from '../../server/products/loadProductCatalogues.ts';
import { productSourceOf } from '../../server/products/productSource.ts';
import { searchAgents } from '../../server/products/searchAgents.ts';
import { MANDANTS_DIR } from '../support/server.ts';

/**
 * Product data is loaded and checked at start like the mandant files: these tests feed the loader the
 * demo folders and broken copies of them. The mandants are stand-ins with just what the loader reads.
 */

const CATEGORY_PAGE: PageFile = { title: 'pages.ProductCategory.title', blocks: [] };

function mandant(
  id: string,
  dir: string,
  produktApi: string,
  extra: { routes?: Record<string, string>; pages?: Record<string, PageFile> } = {},
): LoadedMandant {
  return {
    id,
    dir,
    config: { produktApi, routes: extra.routes ?? { Homepage: '/' } } as unknown as MandantConfig,
    pages: extra.pages ?? { ProductCategory: CATEGORY_PAGE },
    additionalRoutes: [],
  } as unknown as LoadedMandant;
}

async function problemsOf(mandants: LoadedMandant[], mandantsDir: string): Promise<string> {
  try {
    await loadProductCatalogues(mandants, mandantsDir);
  } catch (error) {
    if (error instanceof MandantConfigError) return error.message;
    throw error;
  }
  throw new Error('the product data loaded without a problem');
}

describe('the demo product data', () => {
  it('loads for all three sources', async () => {
    const catalogues = await loadProductCatalogues(
      [
        mandant('telko', path.join(MANDANTS_DIR, 'telko'), 'data-driven'),
        mandant('versicherung', path.join(MANDANTS_DIR, 'versicherung'), 'generic'),
        mandant('stadtwerk', path.join(MANDANTS_DIR, 'stadtwerk'), 'agent list'),
      ],
      MANDANTS_DIR,
    );
    expect(catalogues.get('telko')?.categories).toHaveLength(31);
    expect(catalogues.get('versicherung')?.generic).toHaveLength(4);
    expect(catalogues.get('stadtwerk')?.agents).toHaveLength(20);
    // every agent has a photo of its own, read at start
    const stadtwerk = catalogues.get('stadtwerk');
    for (const agent of stadtwerk?.agents ?? []) {
      expect(stadtwerk?.image(agent.Photo, 'product')?.contentType).toBe('image/svg+xml');
    }
  });

  it('joins every amount to "€" by a no-break space, as formatMoney writes money (issue 18)', async () => {
    const catalogues = await loadProductCatalogues(
      [mandant('telko', path.join(MANDANTS_DIR, 'telko'), 'data-driven')],
      MANDANTS_DIR,
    );
    // festnetz.json writes "29,95 € monatlich; einmaliger Bereitstellungspreis 69,95 €" with normal spaces
    const product = catalogues
      .get('telko')
      ?.listed()
      .find((entry) => entry.Id === 601);
    expect(JSON.stringify(product)).toContain('29,95\u00a0€ monatlich');
    const texts = JSON.stringify([
      ...(catalogues.get('telko')?.listed() ?? []),
      catalogues.get('telko')?.categories,
    ]);
    expect(texts).toMatch(/\d\u00a0€/);
    expect(texts).not.toMatch(/\d €/);
  });
});

describe('broken product data stops the start with file, pointer and reason', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });

  /** A scratch mandants folder with a copy of telko's (or stadtwerk's) products and _base's images. */
  async function scratch(source: 'telko' | 'stadtwerk'): Promise<{ dir: string; mandantsDir: string }> {
    root = await mkdtemp(path.join(tmpdir(), 'products-'));
    const mandantsDir = path.join(root, 'mandants');
    await cp(path.join(MANDANTS_DIR, '_base', 'products'), path.join(mandantsDir, '_base', 'products'), {
      recursive: true,
    });
    const dir = path.join(mandantsDir, source);
    await cp(path.join(MANDANTS_DIR, source, 'products'), path.join(dir, 'products'), { recursive: true });
    return { dir, mandantsDir };
  }

  async function edit(file: string, change: (data: Record<string, Record<string, unknown>[]>) => void) {
    const data = JSON.parse(await readFile(file, 'utf8'));
    change(data);
    await writeFile(file, JSON.stringify(data));
  }

  it.each<[string, string, (data: Record<string, Record<string, unknown>[]>) => void, RegExp]>([
    [
      'a product without a SPEC field',
      'festnetz.json',
      (data) => delete (data.festnetz as Record<string, unknown>[])[0]?.Praemien,
      /festnetz\.json \/festnetz\/0\/Praemien: required property is missing/,
    ],
    [
      'a product id used twice',
      'mobilfunk.json',
      (data) => data.mobilfunk?.push({ ...(data.mobilfunk[0] as object) }),
      /product id 801 is used twice/,
    ],
    [
      'a category that lists nothing',
      'kategorien.json',
      (data) => Object.assign(data.kategorien?.[0] as object, { Kategorie: 'raumfahrt' }),
      /category 1 \(internet\) lists no product/,
    ],
    [
      'a category whose kind of tariff has no offer',
      'kategorien.json',
      (data) =>
        Object.assign(data.kategorien?.find((c) => c.Pfad === 'surfsticks.html') as object, {
          Tarifart: 'prepaid',
        }),
      /\(surfsticks\.html\) lists no product/,
    ],
    [
      'a preselected product that is not fixed-line',
      'kategorien.json',
      (data) => Object.assign(data.kategorien?.[0] as object, { HauptproduktId: 801 }),
      /category 1 preselects 801, which is not a festnetz product/,
    ],
    [
      'two categories on one path',
      'kategorien.json',
      (data) => Object.assign(data.kategorien?.[1] as object, { Pfad: 'internet' }),
      /two categories share the Pfad "internet"/,
    ],
    [
      'a path that is no path',
      'kategorien.json',
      (data) => Object.assign(data.kategorien?.[0] as object, { Pfad: '../internet' }),
      /kategorien\.json \/kategorien\/0\/Pfad/,
    ],
    [
      'an image file that is not there',
      'festnetz.json',
      (data) => Object.assign(data.festnetz?.[0] as object, { Grafik: 'fehlt.svg' }),
      /image "fehlt\.svg" not found/,
    ],
  ])('%s', async (_case, file, change, expected) => {
    const { dir, mandantsDir } = await scratch('telko');
    await edit(path.join(dir, 'products', file), change);
    expect(await problemsOf([mandant('telko', dir, 'data-driven')], mandantsDir)).toMatch(expected);
  });

  it('an agent photo that is not there', async () => {
    const { dir, mandantsDir } = await scratch('stadtwerk');
    await edit(path.join(dir, 'products', 'berater.json'), (data) => {
      Object.assign(data.berater?.[0] as object, { Photo: 'niemand.svg' });
    });
    expect(await problemsOf([mandant('stadtwerk', dir, 'agent list')], mandantsDir)).toMatch(
      /image "niemand\.svg" not found/,
    );
  });

  it('a source without its data is named (the server logs it; the calls answer empty lists)', async () => {
    const { dir, mandantsDir } = await scratch('telko');
    const [telko] = await loadProductCatalogues([mandant('telko', dir, 'data-driven')], mandantsDir).then(
      (map) => [...map.values()],
    );
    if (!telko) throw new Error('telko did not load');
    expect(missingSourceData('data-driven', telko)).toBeUndefined();
    expect(missingSourceData('agent list', telko)).toBe('berater');
    expect(missingSourceData('generic', telko)).toBe('generisch');
  });

  it('a mandant without product files loads empty, without placeholders to look for', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'products-'));
    const catalogues = await loadProductCatalogues(
      [mandant('leer', path.join(root, 'leer'), 'generic')],
      root,
    );
    expect(catalogues.get('leer')?.generic).toEqual([]);
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><title>x</title><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><title>x</title></svg>'],
    [
      'an external image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://a.example/b.png"/></svg>',
    ],
    [
      'an external style',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://a.example/p)"/></svg>',
    ],
  ])('an SVG picture with %s', async (_case, text) => {
    const { dir, mandantsDir } = await scratch('telko');
    await writeFile(path.join(dir, 'products', 'images', 'geraet-9101.svg'), text);
    expect(await problemsOf([mandant('telko', dir, 'data-driven')], mandantsDir)).toMatch(
      /image "geraet-9101\.svg" has scripts or external references/,
    );
  });

  it('an SVG picture with its own gradients and clip paths is fine', async () => {
    const { dir, mandantsDir } = await scratch('telko');
    const inner =
      '<svg xmlns="http://www.w3.org/2000/svg"><title>x</title><defs><linearGradient id="g"/></defs>' +
      '<rect fill="url(#g)" stroke="url(\'#g\')" clip-path="url(#c)"/><use href="#g"/></svg>';
    await writeFile(path.join(dir, 'products', 'images', 'geraet-9101.svg'), inner);
    const catalogues = await loadProductCatalogues([mandant('telko', dir, 'data-driven')], mandantsDir);
    expect(catalogues.get('telko')?.image('geraet-9101.svg', 'product')?.body.toString()).toBe(inner);
  });

  it('a placeholder that is needed but missing', async () => {
    const { dir, mandantsDir } = await scratch('telko');
    await rm(path.join(mandantsDir, '_base', 'products', 'images', 'platzhalter-icon.svg'));
    expect(await problemsOf([mandant('telko', dir, 'data-driven')], mandantsDir)).toMatch(
      /image "platzhalter-icon\.svg" not found/,
    );
  });

  it('categories without a page to show them, or on the path of another route', async () => {
    const { dir, mandantsDir } = await scratch('telko');
    expect(await problemsOf([mandant('telko', dir, 'data-driven', { pages: {} })], mandantsDir)).toMatch(
      /categories need a page for them: add pages\/ProductCategory\.json/,
    );
    const routes = { Homepage: '/', Faq: '/internet' };
    expect(await problemsOf([mandant('telko', dir, 'data-driven', { routes })], mandantsDir)).toMatch(
      /Pfad "internet" is already the path of another route/,
    );
  });

  it('a page that links to a category the data does not have', async () => {
    const { dir, mandantsDir } = await scratch('telko');
    const pages: Record<string, PageFile> = {
      ProductCategory: CATEGORY_PAGE,
      Homepage: {
        blocks: [
          {
            id: 'overview',
            type: 'ProductOverview',
            props: { items: [{ category: 'raumfahrt', title: 'x' }] },
          },
        ],
      },
    };
    expect(await problemsOf([mandant('telko', dir, 'data-driven', { pages })], mandantsDir)).toMatch(
      /page Homepage, block "overview" links to category "raumfahrt", which kategorien\.json does not have/,
    );
  });

  it('a file that is not JSON', async () => {
    const { dir, mandantsDir } = await scratch('telko');
    await writeFile(path.join(dir, 'products', 'kaputt.json'), '{ "festnetz": [ }');
    expect(await problemsOf([mandant('telko', dir, 'data-driven')], mandantsDir)).toMatch(
      /kaputt\.json:1:\d+: invalid JSON/,
    );
  });
});

describe('productSourceOf — SPEC 1: data-driven, agent list or generic; anything else is PSOF0100', () => {
  it.each(['data-driven', 'agent list', 'generic'])('%s is a product source', (source) => {
    expect(productSourceOf({ produktApi: source } as MandantConfig)).toBe(source);
  });

  it.each(['shop', '', 'Data-Driven', undefined, 42])('%j is not', (source) => {
    const call = () => productSourceOf({ produktApi: source } as unknown as MandantConfig);
    expect(call).toThrow(ApiProblem);
    expect(call).toThrow(expect.objectContaining({ code: 'PSOF0100', statusCode: 500 }));
  });
});

describe('searchAgents — SPEC 7: query, page and page size; Content, HasNext, PageCount, TotalCount', () => {
  const agents: Agent[] = ['Albrecht', 'Bauer', 'Conrad', 'Dörr', 'Ernst'].map((name, index) => ({
    ExterneId: `A-${index}`,
    LastName: name,
    ZipCode: index < 3 ? '04177' : '10115',
    City: index < 3 ? 'Lindenau' : 'Berlin',
    Photo: 'x.svg',
  }));
  const names = (query: string, page: number, size: number) =>
    searchAgents(agents, query, page, size).Content.map((agent) => agent.LastName);

  it.each<[string, number, number, Partial<ReturnType<typeof searchAgents>>]>([
    ['', 1, 2, { HasNext: true, PageCount: 3, TotalCount: 5 }],
    ['', 3, 2, { HasNext: false, PageCount: 3, TotalCount: 5 }],
    ['', 4, 2, { Content: [], HasNext: false, PageCount: 3, TotalCount: 5 }],
    ['berlin', 1, 6, { HasNext: false, PageCount: 1, TotalCount: 2 }],
    ['nobody', 1, 6, { Content: [], HasNext: false, PageCount: 0, TotalCount: 0 }],
  ])('"%s", page %i of size %i', (query, page, size, expected) => {
    expect(searchAgents(agents, query, page, size)).toMatchObject(expected);
  });

  it('matches name and city anywhere, post codes from their start, ignoring case and accents', () => {
    expect(names('dorr', 1, 6)).toEqual(['Dörr']);
    expect(names('DÖRR', 1, 6)).toEqual(['Dörr']);
    expect(names('101', 1, 6)).toEqual(['Dörr', 'Ernst']);
    expect(names('115', 1, 6)).toEqual([]);
    expect(names('rad lindenau', 1, 6)).toEqual(['Conrad']);
  });
});
