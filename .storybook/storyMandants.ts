import { mergePage, type PageFile } from '../domain/merge.ts';
import type { BootData, KeyValue, MandantConfig, MandantResponse, Theme } from '../schemas/api.ts';
import { storyTexts } from '../stories/fixtures/storyTexts.ts';

/**
 * The mandants Storybook can dress stories in: a built-in neutral one (always there, used by the tests) and
 * every folder under mandants/ that exists at build time. import.meta.glob yields nothing for missing files,
 * so Storybook works before (and without) any mandant folder.
 */
export const NEUTRAL_MANDANT = 'neutral';

type MandantFile = Partial<MandantConfig>;

const configFiles = import.meta.glob<MandantFile>('../mandants/*/mandant.json', {
  eager: true,
  import: 'default',
});
const pageFiles = import.meta.glob<PageFile>('../mandants/*/pages/*.json', {
  eager: true,
  import: 'default',
});
const textFiles = import.meta.glob<Record<string, string>>('../mandants/*/i18n/*.json', {
  eager: true,
  import: 'default',
});

/** `../mandants/telko/pages/Homepage.json` → ['telko', 'Homepage'] */
function pathParts(path: string): [string, string] {
  const [mandant = '', ...rest] = path.replace('../mandants/', '').split('/');
  return [mandant, (rest.at(-1) ?? '').replace(/\.json$/, '')];
}

function byMandant<T>(files: Record<string, T>): Map<string, Map<string, T>> {
  const result = new Map<string, Map<string, T>>();
  for (const [path, value] of Object.entries(files)) {
    const [mandant, name] = pathParts(path);
    if (!result.has(mandant)) result.set(mandant, new Map());
    result.get(mandant)?.set(name, value);
  }
  return result;
}

const configs = new Map(Object.entries(configFiles).map(([path, value]) => [pathParts(path)[0], value]));
const pages = byMandant(pageFiles);
const texts = byMandant(textFiles);

const NEUTRAL_ROUTES: Record<string, string> = {
  Homepage: '/',
  Faq: '/faq',
  Imprint: '/impressum',
  Privacy: '/datenschutz',
  TOS: '/agb',
  ParticipationTerms: '/teilnahmebedingungen',
  FileNotFound: '/404',
};

const NEUTRAL_PAGES: Record<string, PageFile> = {
  Homepage: {
    title: 'story.page.title',
    blocks: [
      {
        id: 'hero',
        type: 'Hero',
        props: {
          headline: 'story.hero.headline',
          text: 'story.hero.text',
          cta: { label: 'story.hero.cta', route: 'Faq' },
        },
      },
      {
        id: 'steps',
        type: 'Steps',
        props: {
          headline: 'story.steps.headline',
          steps: [
            { title: 'story.steps.recommend.title', text: 'story.steps.recommend.text' },
            { title: 'story.steps.order.title', text: 'story.steps.order.text' },
            { title: 'story.steps.reward.title', text: 'story.steps.reward.text' },
          ],
        },
      },
      {
        id: 'cta',
        type: 'CallToAction',
        props: {
          headline: 'story.cta.headline',
          text: 'story.cta.text',
          button: { label: 'story.cta.button', route: 'Faq' },
        },
      },
    ],
  },
  Faq: {
    title: 'pages.Faq.title',
    blocks: [
      {
        id: 'terms',
        type: 'TextSection',
        props: { headline: 'story.text.headline', level: 1, paragraphs: ['story.text.p1', 'story.text.p2'] },
      },
    ],
  },
};

function mergeTheme(base: Theme = {}, own: Theme = {}): Theme {
  return {
    ...base,
    ...own,
    colors: { ...base.colors, ...own.colors },
    fonts: { ...base.fonts, ...own.fonts },
  };
}

function mergedPages(id: string): Record<string, PageFile> {
  const base = pages.get('_base') ?? new Map<string, PageFile>();
  const own = id === '_base' ? new Map<string, PageFile>() : (pages.get(id) ?? new Map<string, PageFile>());
  const names = new Set([...base.keys(), ...own.keys()]);
  return Object.fromEntries([...names].map((name) => [name, mergePage(base.get(name), own.get(name))]));
}

function content(id: string, language: string): KeyValue[] {
  const merged = {
    ...texts.get('_base')?.get(language),
    ...(id === '_base' ? {} : texts.get(id)?.get(language)),
    ...(language === 'en' ? storyTexts.en : storyTexts.de),
  };
  return Object.entries(merged).map(([Key, Value]) => ({ Key, Value }));
}

/** The boot data the server would embed for this mandant and language, built from the same files. */
export function storyBootData(id: string, language: string): BootData {
  const own = id === NEUTRAL_MANDANT ? undefined : configs.get(id);
  const base = id === NEUTRAL_MANDANT ? undefined : configs.get('_base');
  const supported = own?.SupportedLanguage ??
    base?.SupportedLanguage ?? { Sprache: ['de', 'en'], Standard: 'de' };
  const routes = own || base ? { ...base?.routes, ...own?.routes } : NEUTRAL_ROUTES;
  // Storybook needs only what the shell and blocks read; the server fills the full configuration.
  const mandant = {
    id,
    name: own?.name ?? base?.name ?? 'Freunde werben',
    theme: own || base ? mergeTheme(base?.theme, own?.theme) : {},
    pages: own || base ? mergedPages(id) : NEUTRAL_PAGES,
  } as MandantResponse;
  return {
    mandantId: id,
    mandant,
    routes: { SupportedLanguage: supported, Routes: routes },
    additionalRoutes: [],
    languages: [
      { Key: 'de', Value: 'Deutsch' },
      { Key: 'en', Value: 'English' },
    ],
    language,
    languageContent: content(id, language),
  };
}

/** Toolbar entries: the neutral theme first, then the mandant folders (with their display names). */
export const mandantToolbarItems = [
  { value: NEUTRAL_MANDANT, title: 'Neutral (built-in)' },
  ...[...configs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, config]) => ({ value: id, title: `${config.name ?? id} (${id})` })),
];

/** Mandant folders found at build time, for tests that render a story in every theme. */
export const mandantIds: readonly string[] = [...configs.keys()];
