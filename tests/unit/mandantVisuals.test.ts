import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mergePage, type PageBlockEntry, type PageFile } from '../../domain/merge.ts';
import type { Agent, MobilfunkAngebot, Produktkategorie } from '../../schemas/products.ts';

/**
 * Issue 12 ("Visuals"): each demo looks like the client's own campaign. Its home page opens with a key
 * visual whose main action leads to where recommending starts, its cards show pictures, and the telecom's
 * devices and categories and the utility's agents have pictures of their own (no placeholder). Every picture
 * a page names is the size the page says (no layout shift) and a small, self-contained SVG.
 */

const MANDANTS_DIR = fileURLToPath(new URL('../../mandants/', import.meta.url));
const DEMOS = ['telko', 'versicherung', 'stadtwerk'] as const;
/** Key visuals are the home page's largest paint: small enough for a phone's first second. */
const KEY_VISUAL_MAX_BYTES = 15 * 1024;
/** mandants/README.md: SVGs carry a <title> and no scripts or external references. */
const UNSAFE_SVG =
  /<script|<foreignObject|\bon[a-z]+\s*=|(?:href|src)\s*=\s*["'](?!#)|url\((?!\s*["']?#)|@import/i;

const readJson = <T>(...parts: string[]): T =>
  JSON.parse(readFileSync(join(MANDANTS_DIR, ...parts), 'utf8')) as T;

function homePage(mandant: string): PageFile {
  return mergePage(
    readJson<PageFile>('_base', 'pages', 'Homepage.json'),
    readJson<PageFile>(mandant, 'pages', 'Homepage.json'),
  );
}

interface BlockImage {
  src: string;
  alt?: string;
  width: number;
  height: number;
}

/** Every picture a page's blocks name (Hero image, card images), with where it is named. */
function pageImages(page: PageFile): { where: string; image: BlockImage }[] {
  return (page.blocks ?? []).flatMap((block) => {
    const props = (block.props ?? {}) as { image?: BlockImage; items?: { image?: BlockImage }[] };
    const own = props.image ? [{ where: `${block.id}/image`, image: props.image }] : [];
    const items = (props.items ?? []).flatMap((item, index) =>
      item.image ? [{ where: `${block.id}/items/${index}/image`, image: item.image }] : [],
    );
    return [...own, ...items];
  });
}

function assetFile(mandant: string, name: string): string {
  const own = join(MANDANTS_DIR, mandant, 'assets', name);
  return existsSync(own) ? own : join(MANDANTS_DIR, '_base', 'assets', name);
}

/** The width and height an SVG declares for itself. */
function svgSize(text: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/.exec(text)?.[0] ?? '';
  return {
    width: Number(/\swidth="(\d+)"/.exec(tag)?.[1]),
    height: Number(/\sheight="(\d+)"/.exec(tag)?.[1]),
  };
}

function svgProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  if (!/<title[ >]/.test(text)) problems.push(`${file}: no <title>`);
  if (UNSAFE_SVG.test(text)) problems.push(`${file}: scripts or external references`);
  return problems;
}

describe.each(DEMOS)('%s: the home page looks like a campaign', (mandant) => {
  const page = homePage(mandant);
  const hero = page.blocks?.find((block) => block.type === 'Hero') as PageBlockEntry;
  const heroProps = hero.props as {
    cta?: { label: string; route?: string; section?: string };
    image?: BlockImage;
  };

  it('the hero shows a key visual of the mandant, small and self-contained', () => {
    expect(heroProps.image?.src).toBeDefined();
    const file = assetFile(mandant, heroProps.image?.src ?? '');
    expect(file).toContain(join(mandant, 'assets'));
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).size).toBeLessThan(KEY_VISUAL_MAX_BYTES);
    expect(svgProblems(file, text)).toEqual([]);
    expect(heroProps.image?.alt, 'the key visual is described in every language').toBeDefined();
    for (const language of ['de', 'en']) {
      const texts = {
        ...readJson<Record<string, string>>('_base', 'i18n', `${language}.json`),
        ...readJson<Record<string, string>>(mandant, 'i18n', `${language}.json`),
      };
      expect(texts[heroProps.image?.alt ?? '']).toMatch(/\S{10}/);
    }
  });

  it('the hero’s main action leads to the section of the page where recommending starts', () => {
    const section = heroProps.cta?.section;
    expect(section, 'the main action names a section of the home page').toBeDefined();
    const target = page.blocks?.find((block) => (block.props as { anchor?: string }).anchor === section);
    expect(target?.type).toBeDefined();
    const targetProps = (target?.props ?? {}) as { items?: { route?: string; category?: string }[] };
    // Recommending starts at a category (ProductOverview), a product's recommend page (TeaserGrid) or an
    // agent (AgentList: each card's button is the agent's recommend page).
    const startsRecommending =
      target?.type === 'AgentList' ||
      (target?.type === 'ProductOverview' && (targetProps.items ?? []).every((item) => item.category)) ||
      (target?.type === 'TeaserGrid' &&
        (targetProps.items ?? []).every((item) => item.route === 'Recommendation'));
    expect(startsRecommending, `block "${target?.id}" (${target?.type})`).toBe(true);
  });

  it('every picture a page names exists and has the size the page gives it', () => {
    const pages = ['Homepage', 'PrePage'].filter((name) =>
      existsSync(join(MANDANTS_DIR, mandant, 'pages', `${name}.json`)),
    );
    const images = pages.flatMap((name) =>
      pageImages(name === 'Homepage' ? page : readJson<PageFile>(mandant, 'pages', `${name}.json`)),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const { where, image } of images) {
      const file = assetFile(mandant, image.src);
      expect(existsSync(file), `${mandant} ${where}: ${image.src}`).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(svgSize(text), `${mandant} ${where}`).toEqual({ width: image.width, height: image.height });
      expect(svgProblems(file, text)).toEqual([]);
    }
  });
});

describe('the demo catalogues have pictures of their own', () => {
  const images = (mandant: string, name: string) => join(MANDANTS_DIR, mandant, 'products', 'images', name);

  it('every smartphone and tablet offer shows its device, one drawing per device', () => {
    const { mobilfunk } = readJson<{ mobilfunk: MobilfunkAngebot[] }>('telko', 'products', 'mobilfunk.json');
    const devices = mobilfunk.filter(
      (offer) => offer.GeraeteTyp === 'smartphone' || offer.GeraeteTyp === 'tablet',
    );
    expect(devices.length).toBeGreaterThan(20);
    const fileOf = new Map<number, string>();
    for (const offer of devices) {
      const name = offer.SGrafik ?? offer.Grafik;
      expect(name, `offer ${offer.Id}`).toBeDefined();
      expect(existsSync(images('telko', name ?? '')), `offer ${offer.Id}: ${name}`).toBe(true);
      expect(fileOf.get(offer.HandyId) ?? name, `offer ${offer.Id}: one picture per device`).toBe(name);
      fileOf.set(offer.HandyId, name ?? '');
    }
    // Different devices look different: no two share a drawing.
    expect(new Set(fileOf.values()).size).toBe(fileOf.size);
    const drawings = [...new Set(fileOf.values())].map((name) => readFileSync(images('telko', name), 'utf8'));
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it('every category has its picture', () => {
    const { kategorien } = readJson<{ kategorien: Produktkategorie[] }>(
      'telko',
      'products',
      'kategorien.json',
    );
    for (const category of kategorien) {
      expect(category.Grafik, `category ${category.Id}`).toBeDefined();
      expect(existsSync(images('telko', category.Grafik ?? '')), `category ${category.Id}`).toBe(true);
    }
    expect(new Set(kategorien.map((category) => category.Grafik)).size).toBe(kategorien.length);
  });

  it('every agent of the utility has an illustration, no placeholder', () => {
    const { berater } = readJson<{ berater: Agent[] }>('stadtwerk', 'products', 'berater.json');
    for (const agent of berater) {
      const text = readFileSync(images('stadtwerk', agent.Photo), 'utf8');
      expect(text, agent.ExterneId).not.toMatch(/Platzhalter/);
      expect(svgSize(text)).toEqual({ width: 160, height: 160 });
    }
  });

  it.each(['telko', 'stadtwerk'])(
    '%s: every product picture is a self-contained SVG with a title',
    (mandant) => {
      const dir = join(MANDANTS_DIR, mandant, 'products', 'images');
      const problems = readdirSafe(dir).flatMap((name) =>
        svgProblems(join(dir, name), readFileSync(join(dir, name), 'utf8')),
      );
      expect(problems).toEqual([]);
    },
  );
});

describe('the checks above can fail', () => {
  it('finds an SVG that loads from elsewhere or runs a script, and an SVG without a title', () => {
    expect(
      svgProblems('x.svg', '<svg><title>x</title><image href="https://a.example/b.png"/></svg>'),
    ).toHaveLength(1);
    expect(svgProblems('x.svg', '<svg onload="alert(1)"><title>x</title></svg>')).toHaveLength(1);
    expect(svgProblems('x.svg', '<svg><rect fill="url(#g)"/></svg>')).toEqual(['x.svg: no <title>']);
  });

  it('reads the size an SVG declares', () => {
    expect(svgSize('<svg viewBox="0 0 1 1" width="480" height="360">')).toEqual({ width: 480, height: 360 });
  });
});

function readdirSafe(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.svg')) : [];
}
