import path from 'node:path';
import type { PageFile } from '../../../domain/merge.ts';
import { configTextVariables, interpolateTextVariables } from '../../../domain/textVariables.ts';
import type { MandantConfig } from '../../../schemas/api.ts';
import { routeName as routeNameSchema } from '../../../schemas/blocks/common.ts';
import { blockPropsSchemas, isBlockType } from '../../../schemas/blocks/index.ts';
import { offeredShares } from '../../../schemas/recommendForm.ts';
import { isRouteName } from '../../../schemas/routes.ts';

/**
 * Checks of one merged mandant that need no file access (issue 18: one validator). assembleMandant calls
 * them and reports each problem through its ProblemList, so `npm run mandant -- validate`, the server start
 * and tests/unit/mandantData.test.ts see the same problems. Files are absolute; pointers are JSON pointers.
 */
export interface CheckProblem {
  file: string;
  pointer: string;
  reason: string;
  hint?: string;
}

export interface MandantCheckInput {
  config: MandantConfig;
  /** Merged pages by route name. */
  pages: Record<string, PageFile>;
  /** The file that wrote a block (the override naming it, else _base's page), or the page file. */
  pageFile: (routeName: string, blockId?: string) => { file: string; index?: number };
  /** The file that set a config value: the mandant's own mandant.json, else _base's. */
  configFile: (...keys: string[]) => string;
  /** Merged texts by language. */
  translations: Record<string, Record<string, string>>;
  /** The i18n file of a language a missing text should be added to (the mandant's own). */
  i18nFile: (language: string) => string;
  /** Every i18n source file (own and _base) with its texts, for checks of the texts themselves. */
  i18nSources: { file: string; texts: Record<string, string> }[];
  /** SVG files of the mandant's (and _base's) assets/ with their text. */
  svgAssets: { file: string; text: string }[];
  /**
   * Also the checks of what would go live incomplete (a logo, page titles, a FileNotFound route, links to
   * routed pages, every text in every offered language). `validate`, tests/unit/mandantData.test.ts and a
   * start with MANDANT_CHECKS=go-live run them; the test suites' small fixture mandants do not need them.
   */
  goLive: boolean;
  /** Whether a merged text comes from _base unchanged (the mandant does not set it itself). */
  isInherited?: (language: string, key: string) => boolean;
  /** content/{lang}/variables.json merged over _base's, with the file a mandant sets them in. */
  contentVariables: { language: string; file: string; variables: Record<string, unknown> }[];
}

const pointerOf = (key: string) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;

export function mandantChecks(input: MandantCheckInput): CheckProblem[] {
  return [
    ...routeChecks(input),
    ...pageChecks(input),
    ...languageChecks(input),
    ...textChecks(input),
    ...(input.goLive ? logoChecks(input) : []),
    ...(input.goLive ? homeActionChecks(input) : []),
    ...(input.goLive ? placeholderChecks(input) : []),
    ...(input.goLive ? moneySpaceChecks(input) : []),
    ...(input.goLive ? promiseChecks(input) : []),
    ...svgChecks(input),
    ...channelChecks(input),
  ];
}

/** Homepage and FileNotFound must be routed, and no two routes may share a path. */
export function routeChecks({ config, configFile, goLive }: MandantCheckInput): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const required of goLive ? ['Homepage', 'FileNotFound'] : ['Homepage']) {
    if (!config.routes[required]) {
      problems.push({
        file: configFile('routes'),
        pointer: `/routes/${required}`,
        reason: `no ${required} route`,
        hint: required === 'Homepage' ? 'add "Homepage": "/"' : 'add "FileNotFound": "/404"',
      });
    }
  }
  const owners = new Map<string, string>();
  for (const [name, routePath] of Object.entries(config.routes)) {
    const first = owners.get(routePath.toLowerCase());
    if (first !== undefined) {
      problems.push({
        file: configFile('routes', name),
        pointer: `/routes/${name}`,
        reason: `path "${routePath}" is already the path of route ${first}`,
        hint: 'give each route its own path',
      });
    } else owners.set(routePath.toLowerCase(), name);
  }
  return problems;
}

/** Each page file names a known route, has a title and at least one block, and links only to routed names. */
export function pageChecks({ config, pages, pageFile, goLive }: MandantCheckInput): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const routed = new Set([
    ...Object.keys(config.routes),
    ...config.additionalRoutes.map((entry) => entry.RouteName),
  ]);
  for (const [name, page] of Object.entries(pages)) {
    const { file } = pageFile(name);
    if (!isRouteName(name)) {
      problems.push({
        file,
        pointer: '',
        reason: `"${name}" is not a known route name`,
        hint: 'name the file after a route of schemas/routes.ts',
      });
    }
    if (goLive && !page.title)
      problems.push({ file, pointer: '/title', reason: 'the page has no title key', hint: 'add "title"' });
    if ((page.blocks ?? []).length === 0)
      problems.push({ file, pointer: '/blocks', reason: 'the page has no blocks' });
    for (const block of page.blocks ?? []) {
      if (!goLive || !block.type || !isBlockType(block.type)) continue;
      const links: { at: string; value: string }[] = [];
      collectRouteNames(blockPropsSchemas[block.type], block.props ?? {}, '/props', links);
      const origin = pageFile(name, block.id);
      for (const link of links) {
        if (routed.has(link.value)) continue;
        problems.push({
          file: origin.file,
          pointer: `/blocks/${origin.index ?? 0}${link.at}`,
          reason: `links to route "${link.value}", which has no path`,
          hint: `add "${link.value}" to "routes" in mandant.json, or link to another route`,
        });
      }
    }
  }
  return problems;
}

/**
 * The home page's main action leads to where recommending starts (mandants/README.md, "The home page's main
 * action"): the Hero's `cta` names a route, or a `section` that a block of the same page marks as its
 * `anchor` (ProductOverview, TeaserGrid, AgentList). Without it a visitor has no way from the home page to a
 * recommendation (issue 18: _base's home page has only the FAQ link). Reported in the file that sets the
 * Hero's props, or where the mandant's own home page goes.
 */
export function homeActionChecks({ config, pages, pageFile, i18nFile }: MandantCheckInput): CheckProblem[] {
  const home = pages.Homepage;
  if (!home) return [];
  const blocks = home.blocks ?? [];
  const heroIndex = blocks.findIndex((block) => block.type === 'Hero');
  const hero = blocks[heroIndex];
  const props = (hero?.props ?? {}) as { cta?: { route?: string; section?: string } };
  const own = path.join(
    path.dirname(path.dirname(i18nFile(config.SupportedLanguage.Standard))),
    'pages',
    'Homepage.json',
  );
  const origin = hero?.id ? pageFile('Homepage', hero.id) : { file: own };
  const file = origin.file.startsWith(path.dirname(path.dirname(own))) ? origin.file : own;
  const pointer = `/blocks/${origin.index ?? Math.max(heroIndex, 0)}/props/cta`;
  const hint =
    'let the Hero\'s "cta" name the "section" of a block with that "anchor" (a ProductOverview, TeaserGrid or AgentList of what is recommended), as mandants/*/pages/Homepage.json of the demos do';
  if (!props.cta?.route && !props.cta?.section)
    return [
      {
        file,
        pointer,
        reason: 'the home page has no main action: nothing leads to where recommending starts',
        hint,
      },
    ];
  const section = props.cta.section;
  if (
    section &&
    !blocks.some((block) => (block.props as { anchor?: unknown } | undefined)?.anchor === section)
  )
    return [
      {
        file,
        pointer: `${pointer}/section`,
        reason: `the main action leads to section "${section}", which no block of the home page marks as its anchor`,
        hint,
      },
    ];
  return [];
}

/** The values of props typed as route names (schemas/blocks/common.ts routeName), with their pointer. */
export function collectRouteNames(
  schema: unknown,
  value: unknown,
  at: string,
  found: { at: string; value: string }[],
): void {
  if (schema === routeNameSchema) {
    if (typeof value === 'string') found.push({ at, value });
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as { items?: unknown; properties?: Record<string, unknown> };
  if (Array.isArray(value) && node.items !== undefined) {
    value.forEach((item, index) => {
      collectRouteNames(node.items, item, `${at}/${index}`, found);
    });
  } else if (typeof value === 'object' && value !== null && typeof node.properties === 'object') {
    for (const [key, child] of Object.entries(value))
      collectRouteNames(node.properties[key], child, `${at}/${pointerOf(key).slice(1)}`, found);
  }
}

/** Every offered language has texts, and a key one offered language has, every other has too. */
export function languageChecks({
  config,
  translations,
  i18nFile,
  goLive,
}: MandantCheckInput): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const languages = config.SupportedLanguage.Sprache;
  for (const language of languages) {
    if (!translations[language]) {
      problems.push({
        file: i18nFile(language),
        pointer: '',
        reason: `the mandant offers "${language}" but has no texts in it`,
        hint: `add i18n/${language}.json here or in _base`,
      });
    }
  }
  if (!goLive) return problems;
  const present = languages.filter((language) => translations[language]);
  const keys = new Set(present.flatMap((language) => Object.keys(translations[language] ?? {})));
  for (const language of present) {
    const texts = translations[language] ?? {};
    const others = present.filter((other) => other !== language);
    for (const key of keys) {
      if (texts[key] !== undefined) continue;
      const has = others.filter((other) => translations[other]?.[key] !== undefined);
      problems.push({
        file: i18nFile(language),
        pointer: pointerOf(key),
        reason: `text "${key}" is missing in ${language} (${has.join(', ')} has it)`,
        hint: `translate it here or in mandants/_base/i18n/${language}.json`,
      });
    }
  }
  return problems;
}

/** A text is non-empty and has no spaces at either end (they would show in the page). */
export function textChecks({ i18nSources }: MandantCheckInput): CheckProblem[] {
  return i18nSources.flatMap(({ file, texts }) =>
    Object.entries(texts)
      .filter(([, text]) => text.trim() === '' || text !== text.trim())
      .map(([key]) => ({
        file,
        pointer: pointerOf(key),
        reason: 'a text must be non-empty and have no spaces at either end',
      })),
  );
}

/** The header shows the logo: every mandant needs one (its file is checked by assembleMandant). */
export function logoChecks({ config, configFile }: MandantCheckInput): CheckProblem[] {
  if (config.theme.logo?.src) return [];
  return [
    {
      file: configFile('theme'),
      pointer: '/theme/logo',
      reason: 'theme.logo is not set',
      hint: 'add "theme": { "logo": { "src": "logo.svg", "width": 180, "height": 40 } } and assets/logo.svg',
    },
  ];
}

/** SVG assets are served from our origin: a <title> for screen readers, no scripts or external references. */
export function svgChecks({ svgAssets, goLive }: MandantCheckInput): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const { file, text } of svgAssets) {
    // A missing <title> is a go-live check; scripts and external references are refused always.
    if (goLive && !/<title[ >]/.test(text))
      problems.push({
        file,
        pointer: '',
        reason: 'the SVG has no <title>',
        hint: 'add <title>Name</title> as its first child',
      });
    if (goLive && PLACEHOLDER.test(text))
      problems.push({
        file,
        pointer: '',
        reason: 'the placeholder picture written by `npm run mandant -- new` would go live',
        hint: "replace the file with the mandant's own SVG (with a <title> naming it)",
      });
    if (isUnsafeSvg(text))
      problems.push({
        file,
        pointer: '',
        reason: 'the SVG has scripts or external references',
        hint: 'remove <script>, on…= handlers and links that do not start with #',
      });
  }
  return problems;
}

export function isUnsafeSvg(text: string): boolean {
  return /<script|<foreignObject|\bon[a-z]+\s*=|(?:href|src)\s*=\s*["'](?!#)|url\((?!\s*["']?#)|@import/i.test(
    text,
  );
}

/** Facebook sharing needs the app id; without it the button cannot work. */
export function channelChecks({ config, configFile }: MandantCheckInput): CheckProblem[] {
  if (config.ModuleFacebook === -1 || config.FacebookId) return [];
  return [
    {
      file: configFile('ModuleFacebook'),
      pointer: '/FacebookId',
      reason: 'ModuleFacebook is on but FacebookId is empty',
      hint: 'set FacebookId, or "ModuleFacebook": -1',
    },
  ];
}

/** What `npm run mandant -- new` writes for each text a mandant must fill in (server/cli/scaffoldMandant.ts). */
export const PLACEHOLDER = /\[(?:Bitte ausfüllen|Please fill in): [^\]]*\]/;

/** Every string in a JSON value that still holds a placeholder, with its JSON pointer. */
export function placeholderPointers(value: unknown, at = ''): { pointer: string; text: string }[] {
  if (typeof value === 'string') return PLACEHOLDER.test(value) ? [{ pointer: at, text: value }] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => placeholderPointers(item, `${at}/${index}`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, child]) =>
      placeholderPointers(child, `${at}${pointerOf(key)}`),
    );
  return [];
}

/** Placeholders left by `new` (or _base's content variables) would go live as they are. */
export function placeholderChecks({
  config,
  configFile,
  translations,
  i18nFile,
  contentVariables,
}: MandantCheckInput): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const { pointer, text } of placeholderPointers(config)) {
    const keys = pointer
      .slice(1)
      .split('/')
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
    problems.push({
      file: configFile(...keys),
      pointer,
      reason: `the placeholder "${text}" would go live`,
      hint: "replace it with the mandant's own value",
    });
  }
  for (const [language, texts] of Object.entries(translations)) {
    for (const [key, text] of Object.entries(texts)) {
      if (!PLACEHOLDER.test(text)) continue;
      problems.push({
        file: i18nFile(language),
        pointer: pointerOf(key),
        reason: `the placeholder "${text}" would go live`,
        hint: "replace it with the mandant's own text",
      });
    }
  }
  for (const { language, file, variables } of contentVariables) {
    for (const [name, value] of Object.entries(variables)) {
      if (typeof value !== 'string' || !PLACEHOLDER.test(value)) continue;
      problems.push({
        file,
        pointer: `/variables${pointerOf(name)}`,
        reason: `the placeholder "${value}" would go live (${language} content variable)`,
        hint: "replace it with the mandant's own text",
      });
    }
  }
  return problems;
}

/** An amount and "€" split by a normal space: the line may break between them (issue 18). */
const MONEY_WITH_SPACE = /\d €/;

/**
 * Amounts and "€" are joined by a no-break space (U+00A0) in every rendered money text, as the one money
 * formatter (domain/format.ts) writes them; a text with a normal space there is reported.
 */
export function moneySpaceChecks({ i18nSources, contentVariables }: MandantCheckInput): CheckProblem[] {
  const problem = (file: string, pointer: string, text: string): CheckProblem => ({
    file,
    pointer,
    reason: `"${text.match(/\S*\d €/)?.[0]}" splits the amount from "€" with a normal space`,
    hint: 'join them with a no-break space (U+00A0), as formatMoney writes money: "25\u00a0€"',
  });
  return [
    ...i18nSources.flatMap(({ file, texts }) =>
      Object.entries(texts)
        .filter(([, text]) => MONEY_WITH_SPACE.test(text))
        .map(([key, text]) => problem(file, pointerOf(key), text)),
    ),
    ...contentVariables.flatMap(({ file, variables }) =>
      Object.entries(variables)
        .filter(([, value]) => typeof value === 'string' && MONEY_WITH_SPACE.test(value))
        .map(([name, value]) => problem(file, `/variables${pointerOf(name)}`, value as string)),
    ),
  ];
}

/** A split of the reward, recommender first ("50:50", "70 : 30"); times and ratios not adding up to 100 are not. */
const SPLIT = /(?<![\d,.:])(\d{1,3}) ?: ?(\d{1,3})(?![\d:])/g;
/** An amount of money written down ("50 €", "12,50 €", "€25"). */
const AMOUNT = /\d[\d.]*(?:,\d\d)?\s?€|€\s?\d[\d.,]*/;
/**
 * Sentences that let the recommender choose how the reward is split (de and en wording of the demos and of
 * _base's content before issue 18: "Sie können die Prämie 50:50 … teilen. Die Aufteilung legen Sie fest …").
 */
export const SPLIT_CHOICE =
  /selbst behalten|auf Wunsch teilen|können Sie (?:sie |die Prämie )?(?:auch )?(?:festlegen|teilen|wählen)|Sie können die Prämie\b[^.!?]*\b(?:teilen|aufteilen|behalten)\b|(?:Aufteilung|Anteil)\w* (?:legen|wählen|bestimmen) Sie|keep the full|you can (?:also )?(?:choose to )?(?:split|keep)|you decide (?:on )?the split|if you like, you can share/i;
/** A {{variable}}: what it stands for comes from the configuration or the mandant, not from the text. */
const VARIABLE = /\{\{[^}]*\}\}/g;

/** The configuration the promise rules compare texts with. */
export type PromiseConfig = Pick<MandantConfig, 'RecommenderDefaultShare' | 'MaxEmpfaengerPraemieCent'>;

/** One text to check, as written (its {{variables}} not yet filled in). */
export interface PromiseText {
  file: string;
  pointer: string;
  text: string;
  /** The text comes from _base unchanged (the mandant does not set it itself). */
  inherited: boolean;
  /** Where the mandant overrides an inherited text, when that is not `file` (content: its own folder). */
  overrideIn?: string;
}

/**
 * The rules of what a text may promise (issue 18), over one text at a time, for i18n texts and content
 * alike: a split the recommend form does not offer (domain/recommenderShares.ts offeredShares), a choice of
 * split where RecommenderDefaultShare leaves none — both checked with `variables` filled in, as the page
 * shows the text — and an amount written into a text inherited from _base, which cannot know the mandant's
 * rewards (an amount a {{variable}} brings is the mandant's own, so variables are left out of that rule).
 */
export function promiseRules(
  config: PromiseConfig,
  variables: Readonly<Record<string, string>>,
): (text: PromiseText) => CheckProblem[] {
  const offered = offeredShares(config.RecommenderDefaultShare);
  const offers = offered.map((share) => `${share}:${100 - share}`).join(' or ');
  const setting = `RecommenderDefaultShare "${config.RecommenderDefaultShare}"`;
  return ({ file, pointer, text: raw, inherited, overrideIn }) => {
    const problems: CheckProblem[] = [];
    const text = interpolateTextVariables(raw, variables);
    const origin = inherited ? 'the text inherited from _base' : 'the text';
    const override = overrideIn ? `override it in ${overrideIn}` : 'override the text in this file';
    for (const [split, a, b] of text.matchAll(SPLIT)) {
      const share = Number(a);
      if (share + Number(b) !== 100 || offered.includes(share)) continue;
      problems.push({
        file,
        pointer,
        reason: `${origin} promises a ${split.replace(/ /g, '')} split, but the recommend form offers ${offers} (${setting})`,
        hint: 'write {{anteilEmpfehler}}:{{anteilEmpfaenger}} (the configured split), or change RecommenderDefaultShare',
      });
    }
    if (offered.length === 1 && SPLIT_CHOICE.test(text))
      problems.push({
        file,
        pointer,
        reason: `${origin} promises a choice of how the reward is split, but ${setting} leaves none (the form offers only ${offers})`,
        hint: inherited ? `${override} without the choice` : 'say what the form does',
      });
    const amount = inherited ? raw.replace(VARIABLE, '…').match(AMOUNT)?.[0] : undefined;
    if (amount)
      problems.push({
        file,
        pointer,
        reason: `the text inherited from _base promises "${amount}", which _base cannot know for this mandant`,
        hint: `${override} with the mandant's own amount, or let _base take it from the configuration ({{…}}, domain/textVariables.ts)`,
      });
    return problems;
  };
}

/** promiseRules over the mandant's i18n texts and content variables, with the configuration's numbers. */
export function promiseChecks({
  config,
  translations,
  i18nFile,
  isInherited,
  contentVariables,
}: MandantCheckInput): CheckProblem[] {
  const check = promiseRules(config, configTextVariables(config));
  const texts: PromiseText[] = [];
  for (const [language, values] of Object.entries(translations))
    for (const [key, text] of Object.entries(values))
      texts.push({
        file: i18nFile(language),
        pointer: pointerOf(key),
        text,
        inherited: isInherited?.(language, key) ?? false,
      });
  for (const { file, variables } of contentVariables)
    for (const [name, value] of Object.entries(variables))
      if (typeof value === 'string')
        texts.push({ file, pointer: `/variables${pointerOf(name)}`, text: value, inherited: false });
  return texts.flatMap(check);
}
