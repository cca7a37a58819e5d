import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import productsSchema from '../../schemas/products.schema.json' with { type: 'json' };
import { placeholderPointers } from '../mandants/checks/mandantChecks.ts';
import { deriveDisplayValues, productChecks, productSourceChecks } from '../mandants/checks/productChecks.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { ProblemList } from '../mandants/ProblemList.ts';
import { readJsonFile } from '../mandants/readJsonFile.ts';
import { type CatalogueData, EMPTY_CATALOGUE, ProductCatalogue } from './ProductCatalogue.ts';
import { PLACEHOLDERS, type ProductImage, readProductImage } from './ProductImages.ts';

const validateProductFile = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(productsSchema);

/** Route name of every category page; its path is the category's Pfad (SPEC 2, product category pages). */
export const CATEGORY_ROUTE = 'ProductCategory';

type Kind = keyof CatalogueData;
const KINDS = Object.keys(EMPTY_CATALOGUE) as Kind[];

/** What each product source lists; without it the mandant's product calls answer empty lists. */
const SOURCE_DATA: Readonly<Record<string, Kind>> = {
  'data-driven': 'kategorien',
  generic: 'generisch',
  'agent list': 'berater',
};

/** The data a mandant's product source needs and its product files lack, if any (logged at start). */
export function missingSourceData(produktApi: string, catalogue: ProductCatalogue): Kind | undefined {
  const kind = SOURCE_DATA[produktApi];
  if (!kind) return undefined;
  const present = {
    kategorien: catalogue.categories,
    generisch: catalogue.generic,
    berater: catalogue.agents,
  };
  return (present[kind as keyof typeof present]?.length ?? 0) === 0 ? kind : undefined;
}

/**
 * Reads, validates and checks `products/*.json` of every mandant (products.schema.json, mandants/README.md)
 * and the images they name. Like a broken mandant file, a broken product file stops the start with its
 * path, JSON pointer and reason (MandantConfigError), every problem at once.
 */
export async function loadProductCatalogues(
  mandants: readonly LoadedMandant[],
  mandantsDir: string,
  options: { goLive?: boolean; cwd?: string } = {},
): Promise<Map<string, ProductCatalogue>> {
  const problems = new ProblemList(options.cwd);
  const baseImages = path.join(mandantsDir, '_base', 'products', 'images');
  const catalogues = new Map<string, ProductCatalogue>();
  for (const mandant of mandants) {
    const folder = path.join(mandant.dir, 'products');
    const before = problems.size;
    const data = await readCatalogueData(folder, problems, options.goLive ?? false);
    // With a file left out, every check of the whole would report its gaps as well: fix the files first.
    if (problems.size === before) {
      checkCatalogue(mandant, folder, data, problems);
      deriveDisplayValues(data);
      // A source with nothing to recommend would go live with empty product lists (issue 18).
      if (options.goLive)
        for (const reason of productSourceChecks(mandant.config.produktApi, data))
          problems.add(folder, '', reason, undefined, 'add the products/*.json files the source reads');
    }
    const images = await readImages(data, [path.join(folder, 'images'), baseImages], folder, problems);
    catalogues.set(mandant.id, new ProductCatalogue(data, images));
  }
  if (problems.size > 0) throw problems.toError();
  return catalogues;
}

async function readCatalogueData(
  folder: string,
  problems: ProblemList,
  goLive: boolean,
): Promise<CatalogueData> {
  const data: CatalogueData = structuredClone(EMPTY_CATALOGUE);
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.json')).sort()) {
    const file = path.join(folder, name);
    const raw = await readJsonFile(file, problems);
    if (raw === undefined) continue;
    if (!validateProductFile(raw)) {
      problems.addAjv(file, validateProductFile.errors);
      continue;
    }
    // Placeholder products written by `npm run mandant -- new` would go live as they are (issue 18).
    if (goLive)
      for (const { pointer, text } of placeholderPointers(raw))
        problems.add(
          file,
          pointer,
          `the placeholder "${text}" would go live`,
          undefined,
          'replace it with the product data',
        );
    const content = raw as Partial<CatalogueData>;
    for (const kind of KINDS) (data[kind] as unknown[]).push(...(content[kind] ?? []));
  }
  return data;
}

/** What the schema cannot say: unique ids, that every category lists something and links hold. */
function checkCatalogue(
  mandant: LoadedMandant,
  folder: string,
  data: CatalogueData,
  problems: ProblemList,
): void {
  const report = (reason: string) => problems.add(folder, '', reason);
  duplicates([...data.festnetz, ...data.mobilfunk, ...data.generisch].map((p) => p.Id)).forEach((id) => {
    report(`product id ${id} is used twice`);
  });
  duplicates(data.berater.map((agent) => agent.ExterneId.toLowerCase())).forEach((id) => {
    report(`agent ExterneId ${id} is used twice`);
  });
  duplicates(data.kategorien.map((category) => category.Id)).forEach((id) => {
    report(`category id ${id} is used twice`);
  });
  duplicates(data.kategorien.map((category) => category.Pfad)).forEach((pfad) => {
    report(`two categories share the Pfad "${pfad}"`);
  });
  for (const reason of productChecks(data)) report(reason);
  const catalogue = new ProductCatalogue(data, new Map());
  for (const category of data.kategorien) {
    const { Quelle: quelle, Kategorie: kategorie, Tarifart: tarifart } = category;
    const listed = catalogue.list({ quelle, kategorie, ...(tarifart ? { tarifart } : {}) });
    if (listed.length === 0) report(`category ${category.Id} (${category.Pfad}) lists no product`);
    for (const id of [category.HauptproduktId, category.TvProduktId]) {
      if (id !== undefined && !catalogue.product(id, ['festnetz']))
        report(`category ${category.Id} preselects ${id}, which is not a festnetz product`);
    }
  }
  const routePaths = new Set(Object.values(mandant.config.routes).map((route) => route.toLowerCase()));
  for (const category of data.kategorien) {
    if (routePaths.has(`/${category.Pfad}`))
      report(`category ${category.Id}: Pfad "${category.Pfad}" is already the path of another route`);
  }
  const paths = new Set(data.kategorien.map((category) => category.Pfad));
  for (const { page, block, pfad } of linkedCategories(mandant)) {
    if (!paths.has(pfad))
      report(
        `page ${page}, block "${block}" links to category "${pfad}", which kategorien.json does not have`,
      );
  }
  if (
    mandant.config.produktApi === 'data-driven' &&
    data.kategorien.length > 0 &&
    !mandant.pages[CATEGORY_ROUTE]
  ) {
    report(`categories need a page for them: add pages/${CATEGORY_ROUTE}.json to this mandant or to _base`);
  }
}

/** Every category Pfad a page names: ProductCategory's `category`, ProductOverview's items. */
function linkedCategories(mandant: LoadedMandant): { page: string; block: string; pfad: string }[] {
  return Object.entries(mandant.pages).flatMap(([page, file]) =>
    (file.blocks ?? []).flatMap((block) => {
      const props = (block.props ?? {}) as { category?: string; items?: { category?: string }[] };
      const named =
        block.type === 'ProductCategory'
          ? [props.category]
          : block.type === 'ProductOverview'
            ? (props.items ?? []).map((item) => item.category)
            : [];
      return named
        .filter((pfad): pfad is string => typeof pfad === 'string')
        .map((pfad) => ({ page, block: block.id, pfad }));
    }),
  );
}

function duplicates<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  const twice = new Set<T>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

async function readImages(
  data: CatalogueData,
  folders: string[],
  productsFolder: string,
  problems: ProblemList,
): Promise<Map<string, ProductImage>> {
  const names = new Set<string>();
  const named = (name: string | undefined, placeholder: keyof typeof PLACEHOLDERS) =>
    names.add(name ?? PLACEHOLDERS[placeholder]);
  // A record without an image of its own gets the placeholder, which must then exist.
  for (const record of [...data.festnetz, ...data.mobilfunk, ...data.generisch]) {
    named(record.Grafik, 'product');
    named(record.SGrafik ?? record.Grafik, 'product');
  }
  for (const category of data.kategorien) {
    named(category.Grafik, 'category');
    named(category.Icon, 'icon');
  }
  for (const agent of data.berater) names.add(agent.Photo);
  const images = new Map<string, ProductImage>();
  for (const name of names) {
    const image = await readProductImage(name, folders);
    if ('problem' in image) problems.add(productsFolder, '', image.problem);
    else if (unsafeSvg(image)) {
      problems.add(productsFolder, '', `image "${name}" has scripts or external references`);
    } else images.set(name, image);
  }
  return images;
}

/**
 * An SVG is served from our origin and may be opened on its own, where it runs its scripts and loads what
 * it references; a product picture needs neither (the same rule as for assets, mandants/README.md).
 */
function unsafeSvg(image: ProductImage): boolean {
  if (image.contentType !== 'image/svg+xml') return false;
  return /<script|<foreignObject|\bon[a-z]+\s*=|(?:href|src)\s*=\s*["'](?!#)|url\((?!\s*["']?#)|@import/i.test(
    image.body.toString('utf8'),
  );
}
