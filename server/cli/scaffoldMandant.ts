import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageBlockEntry, PageFile } from '../../domain/merge.ts';
import { blockPropsSchemas, isBlockType } from '../../schemas/blocks/index.ts';
import { collectTextKeys } from '../../schemas/blocks/textKeys.ts';

export const MANDANT_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The product sources a new mandant can start with (mandant.schema.json produktApi). */
export const PRODUCT_SOURCES = ['generic', 'agent list', 'data-driven'] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

/** One thing `new` leaves to the person onboarding: where (file, JSON pointer) and what to put there. */
export interface ToFill {
  file: string;
  /** JSON pointer into the file; '' for the whole file (the logo). */
  pointer: string;
  what: string;
}

export interface Scaffold {
  written: string[];
  /** What `validate` reports until it is filled in (placeholders, a placeholder logo, missing products). */
  toFill: ToFill[];
  /** What `validate` accepts as written but the client will want to set (hosts, colours, channels). */
  toReview: ToFill[];
}

/** Texts of the home page each client writes itself (every demo does); the rest is inherited from _base. */
const OWN_TEXTS: Record<string, string> = {
  'home.hero.headline': "the home page's headline",
  'home.hero.text': "the home page's intro: what is recommended and what the reward is",
};

/**
 * The home page's main action by product source (mandants/README.md, "The home page's main action"): the
 * Hero's cta leads to a section listing what is recommended — the generic product as a teaser card, the agent
 * list's search. A data-driven source shows its categories (ProductOverview), which need its catalogue first.
 */
const HOME_SECTIONS: Partial<
  Record<
    ProductSource,
    { block: PageBlockEntry & { props: { anchor: string } }; texts: Record<string, string> }
  >
> = {
  generic: {
    block: {
      id: 'products',
      type: 'TeaserGrid',
      after: 'hero',
      props: {
        headline: 'home.products.headline',
        anchor: 'produkte',
        items: [
          {
            title: 'home.products.1.title',
            text: 'home.products.1.text',
            route: 'Recommendation',
            params: { productId: '1' },
            linkLabel: 'home.products.1.link',
          },
        ],
      },
    },
    texts: {
      'home.products.headline': 'the headline above the products one can recommend',
      'home.products.1.title': "product 1's name on its card",
      'home.products.1.text': "product 1's card: what it is and its reward (add a card per product)",
      'home.products.1.link': 'the link text of the card, e.g. "Jetzt empfehlen"',
    },
  },
  'agent list': {
    block: {
      id: 'agents',
      type: 'AgentList',
      after: 'hero',
      props: { headline: 'home.agents.headline', intro: 'home.agents.intro', anchor: 'beratung' },
    },
    texts: {
      'home.agents.headline': 'the headline above the advisers one can recommend',
      'home.agents.intro': 'what recommending an adviser means, and how to find one',
    },
  },
};
/** Where a catalogue's ProductOverview goes (telko's anchor), once copied. */
const CATALOGUE_SECTION = 'angebote';

/** The demo each product source can copy its data from (data-driven needs a whole catalogue). */
const SOURCE_DEMO: Record<ProductSource, string> = {
  generic: 'versicherung',
  'agent list': 'stadtwerk',
  'data-driven': 'telko',
};

/**
 * `npm run mandant -- new NAME [SOURCE]` (mandants/README.md, "Adding a mandant", step 2): a mandant folder
 * that inherits everything else from _base and holds what each client must say itself, pre-filled with
 * visible placeholders (`[Bitte ausfüllen: …]` / `[Please fill in: …]`) that the validator reports until
 * they are replaced — its name, the home page's texts in every language _base offers, the content variables
 * _base leaves as placeholders (company, privacy controller, support address … of the legal pages), products
 * for the chosen source, a theme with a placeholder logo, two demo recommenders and an agency owner. Returns what it wrote and the
 * list of what is left to fill in.
 */
export async function scaffoldMandant(
  mandantsDir: string,
  id: string,
  source: ProductSource = 'generic',
): Promise<Scaffold> {
  if (!MANDANT_ID.test(id)) {
    throw new Error(
      `"${id}" cannot be a mandant id: use lower-case letters, digits and "-" (it becomes ${id}.localhost)`,
    );
  }
  if (!PRODUCT_SOURCES.includes(source))
    throw new Error(
      `"${source}" is not a product source: use ${PRODUCT_SOURCES.map((s) => `"${s}"`).join(', ')}`,
    );
  const dir = path.join(mandantsDir, id);
  if (
    await readdir(dir).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${dir} exists already`);

  const base = path.join(mandantsDir, '_base');
  const languages = await baseLanguages(base);
  const homeSection = HOME_SECTIONS[source];
  const ownTexts: Record<string, string> = { ...OWN_TEXTS, ...homeSection?.texts };
  const ownKeys = [
    ...new Set(
      [...(await basePageKeys(base))]
        .filter((key) => key.startsWith('mandant.'))
        .concat(Object.keys(ownTexts)),
    ),
  ].sort();
  const result: Scaffold = { written: [], toFill: [], toReview: [] };
  const shown = (file: string) => path.relative(process.cwd(), path.join(dir, file));
  const fill = (file: string, pointer: string, what: string) =>
    result.toFill.push({ file: shown(file), pointer, what });
  const review = (file: string, pointer: string, what: string) =>
    result.toReview.push({ file: shown(file), pointer, what });
  const writeText = async (file: string, text: string) => {
    const target = path.join(dir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text, { flag: 'wx' });
    result.written.push(shown(file));
  };
  const write = (file: string, value: unknown) => writeText(file, `${JSON.stringify(value, null, 2)}\n`);

  await write('mandant.json', {
    $schema: '../../schemas/mandant.schema.json',
    name: '[Bitte ausfüllen: name]',
    hosts: [],
    produktApi: source,
    theme: { logo: { src: 'logo.svg', width: 180, height: 40 } },
  });
  fill('mandant.json', '/name', 'the programme\'s name (header, page titles), e.g. "Wasserwerk empfehlen"');
  review(
    'mandant.json',
    '/hosts',
    'the host names the programme is served under (NAME.localhost always works)',
  );
  review(
    'mandant.json',
    '/MandantUrl',
    "the client's own web site (the header's way back to it; with EmpfehlenWebPage, the public recommend page share texts name)",
  );
  review(
    'mandant.json',
    '/theme/colors',
    "the client's colours (mandants/README.md, Theme tokens; _base's neutral ones pass)",
  );
  review(
    'mandant.json',
    '/RecommenderDefaultShare',
    'the share of the reward the recommender keeps by default: "100" (the form also offers 50:50) or e.g. "50" (50:50 only); the texts state it',
  );
  review(
    'mandant.json',
    '/ModuleEmailClient',
    'modules and channel ranks (schemas/mandant.schema.json; -1 hides a channel)',
  );

  await writeText('assets/logo.svg', placeholderLogo());
  fill(
    'assets/logo.svg',
    '',
    "the client's logo as SVG, 180 × 40 as theme.logo says, with a <title> naming the client",
  );

  for (const language of languages) {
    const placeholder = language === 'de' ? 'Bitte ausfüllen' : 'Please fill in';
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
    await write(
      `i18n/${language}.json`,
      Object.fromEntries(ownKeys.map((key) => [key, `[${placeholder}: ${key}]`])),
    );
    for (const key of ownKeys)
      fill(`i18n/${language}.json`, pointerOf(key), `${name} text: ${ownTexts[key] ?? key}`);
    const variables = [...(await basePlaceholderVariables(base, language)), SUPPORT_EMAIL_VARIABLE];
    await write(`content/${language}/variables.json`, {
      $schema: '../../../../schemas/content.schema.json',
      variables: Object.fromEntries(variables.map((variable) => [variable, `[${placeholder}: ${variable}]`])),
    });
    for (const variable of variables)
      fill(
        `content/${language}/variables.json`,
        `/variables${pointerOf(variable)}`,
        variable === SUPPORT_EMAIL_VARIABLE
          ? 'the e-mail address contact form messages go to'
          : `${name} value of {{${variable}}} on the legal pages (imprint, privacy, accessibility …)`,
      );
  }

  if (source === 'generic') {
    await write('products/generisch.json', placeholderProducts());
    for (const field of ['ExterneId', 'Name', 'AnzeigeName', 'Beschreibung'])
      fill('products/generisch.json', `/generisch/0/${field}`, GENERIC_FIELDS[field] ?? field);
    fill(
      'products/generisch.json',
      '/generisch/0/Praemien/0/Titel',
      'the reward\'s title, e.g. "Empfehlungsprämie"',
    );
    review(
      'products/generisch.json',
      '/generisch/0/Praemien/0/WertCent',
      'the reward in cents (the display text "25,00 €" is derived from it); add more products as needed',
    );
  } else {
    fill(
      'products',
      '',
      `the ${source} data: copy mandants/${SOURCE_DEMO[source]}/products/ and replace its records (mandants/README.md, Products)`,
    );
  }

  await write('demo/accounts.json', {
    $schema: '../../../schemas/demoAccounts.schema.json',
    recommenders: [
      {
        email: `demo@${id}.example`,
        password: 'Empfehlen2026',
        anrede: 'Frau',
        vorname: 'Dana',
        nachname: 'Demo',
        note: 'A recommender to try the programme with; npm start prints her login.',
      },
      {
        email: `max.muster@${id}.example`,
        password: 'Empfehlen2026',
        anrede: 'Herr',
        vorname: 'Max',
        nachname: 'Muster',
        note: 'A second recommender, to recommend to each other; npm start prints his login.',
      },
    ],
    agencyUsers: [
      {
        email: `agentur@${id}.example`,
        name: 'Demo-Agentur',
        roles: ['owner'],
        note: 'The owner of a demo sales agency; npm start prints an agency login link.',
      },
    ],
  });
  const section = homeSection ? homeSection.block.props.anchor : CATALOGUE_SECTION;
  const cta = { label: 'home.hero.recommend', section };
  if (homeSection) {
    await write('pages/Homepage.json', {
      $schema: '../../../schemas/page.schema.json',
      blocks: [{ id: 'hero', props: { cta } }, homeSection.block],
    });
  } else {
    await mkdir(path.join(dir, 'pages'), { recursive: true });
    fill(
      'pages/Homepage.json',
      '/blocks/0/props/cta',
      `the home page's main action: {"id": "hero", "props": {"cta": ${JSON.stringify(cta)}}} and a ProductOverview of your categories with "anchor": "${cta.section}" (copy the blocks of mandants/telko/pages/Homepage.json)`,
    );
  }
  return result;
}

const pointerOf = (key: string) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;

const GENERIC_FIELDS: Record<string, string> = {
  ExterneId: "the product's id in the client's own systems",
  Name: 'the internal product name',
  AnzeigeName: 'the product name shown to users',
  Beschreibung: 'one or two sentences describing the product',
};

/** One generic product with one 25 € reward whose texts are placeholders. */
function placeholderProducts(): unknown {
  const fill = (field: string) => `[Bitte ausfüllen: ${field}]`;
  return {
    $schema: '../../../schemas/products.schema.json',
    generisch: [
      {
        Id: 1,
        ExterneId: fill('ExterneId'),
        Name: fill('Name'),
        AnzeigeName: fill('AnzeigeName'),
        Beschreibung: fill('Beschreibung'),
        Praemien: [
          {
            Id: 1,
            Titel: fill('Titel der Prämie'),
            Startdatum: '2026-01-01T00:00:00',
            Enddatum: null,
            EnddatumAnzeige: null,
            WertCent: 2500,
          },
        ],
      },
    ],
  };
}

/** A visible stand-in for the logo; its <title> is a placeholder, so `validate` reports it until replaced. */
function placeholderLogo(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 40" width="180" height="40" role="img" aria-labelledby="t">
  <title id="t">[Bitte ausfüllen: logo.svg]</title>
  <rect x="1" y="1" width="178" height="38" rx="4" fill="#FFFFFF" stroke="#1F2328" stroke-width="2" stroke-dasharray="6 4"/>
  <text x="90" y="25" font-family="system-ui, sans-serif" font-size="14" text-anchor="middle" fill="#1F2328">Logo</text>
</svg>
`;
}

/** Where contact form messages go (server/contact/); every client has its own. */
const SUPPORT_EMAIL_VARIABLE = 'support.email';

/** The content variables _base only fills with a visible placeholder: each client must set them. */
async function basePlaceholderVariables(base: string, language: string): Promise<string[]> {
  const file = path.join(base, 'content', language, 'variables.json');
  const content = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { variables?: Record<string, string> },
    () => ({ variables: {} }),
  );
  return Object.entries(content.variables ?? {})
    .filter(([, value]) => typeof value === 'string' && value.startsWith('['))
    .map(([name]) => name)
    .filter((name) => name !== SUPPORT_EMAIL_VARIABLE);
}

async function baseLanguages(base: string): Promise<string[]> {
  const config = JSON.parse(await readFile(path.join(base, 'mandant.json'), 'utf8')) as {
    SupportedLanguage?: { Sprache?: string[] };
  };
  return config.SupportedLanguage?.Sprache ?? ['de', 'en'];
}

async function basePageKeys(base: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const pagesDir = path.join(base, 'pages');
  for (const file of await readdir(pagesDir).catch(() => [] as string[])) {
    if (!file.endsWith('.json')) continue;
    const page = JSON.parse(await readFile(path.join(pagesDir, file), 'utf8')) as PageFile;
    if (page.title) keys.add(page.title);
    for (const block of page.blocks ?? []) {
      if (block.type && isBlockType(block.type)) {
        for (const key of collectTextKeys(blockPropsSchemas[block.type], block.props)) keys.add(key);
      }
    }
  }
  return keys;
}
