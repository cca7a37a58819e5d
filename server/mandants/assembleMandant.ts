import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { themeContrastProblems } from '../../domain/contrast.ts';
import { deepMerge, isPlainObject, type Json, type JsonObject, type PageFile } from '../../domain/merge.ts';
import type { KeyValue, MandantConfig } from '../../schemas/api.ts';
import { blockPropsSchemas, isBlockType } from '../../schemas/blocks/index.ts';
import { collectTextKeys } from '../../schemas/blocks/textKeys.ts';
import { readRewardCatalogue } from '../rewards/readRewardCatalogue.ts';
import { safeRelativePath } from '../static/safeRelativePath.ts';
import { assemblePages } from './assemblePages.ts';
import { mandantChecks } from './checks/mandantChecks.ts';
import type { LoadedMandant } from './LoadedMandant.ts';
import { languageName } from './languageName.ts';
import type { ProblemList } from './ProblemList.ts';
import type { MandantSource } from './readMandantSource.ts';
import { toMandantResponse } from './toMandantResponse.ts';
import { applyMandantDefaults } from './validators.ts';

/**
 * Builds one mandant from its folder and _base: merged config with defaults, merged pages and texts, and
 * the checks that need the merged result (languages, routes → pages, asset files). Returns undefined when
 * something is wrong; the reasons are in `problems`.
 */
export async function assembleMandant(
  id: string,
  own: MandantSource,
  base: MandantSource | undefined,
  problems: ProblemList,
  options: { goLive?: boolean } = {},
): Promise<LoadedMandant | undefined> {
  const before = problems.size;
  const pages = assemblePages(own, base, problems);
  if (own.configInvalid || base?.configInvalid || !own.config) return undefined;

  const { $schema: _schema, ...merged } = deepMerge(
    structuredClone(base?.config ?? {}),
    structuredClone(own.config),
  );
  if (!applyMandantDefaults(merged)) {
    problems.addAjv(own.configFile, applyMandantDefaults.errors);
    return undefined;
  }
  const config = merged as unknown as MandantConfig;
  // Report a problem in the file that set the value: the mandant's own file, else _base's.
  const blame = (...keys: (string | number)[]): string =>
    hasPath(own.config, keys) || !base ? own.configFile : base.configFile;

  const { Sprache, Standard } = config.SupportedLanguage;
  if (!Sprache.includes(Standard)) {
    problems.add(
      blame('SupportedLanguage', 'Standard'),
      '/SupportedLanguage/Standard',
      `default language "${Standard}" is not among the offered languages (${Sprache.join(', ')})`,
    );
  }
  for (const routeName of Object.keys(config.routes)) {
    if (!pages[routeName] && !pageFailed(routeName, own, base)) {
      problems.add(blame('routes', routeName), `/routes/${routeName}`, noPage(routeName));
    }
  }
  config.additionalRoutes.forEach((entry, index) => {
    if (!pages[entry.RouteName] && !pageFailed(entry.RouteName, own, base)) {
      problems.add(
        blame('additionalRoutes'),
        `/additionalRoutes/${index}/RouteName`,
        noPage(entry.RouteName),
      );
    }
  });
  if (config.ForcedLoginPrePage && !pages[config.ForcedLoginPrePage]) {
    problems.add(blame('ForcedLoginPrePage'), '/ForcedLoginPrePage', noPage(config.ForcedLoginPrePage));
  }

  const assetRoots = [own.assetsDir, base?.assetsDir].filter((dir): dir is string => dir !== undefined);
  const assets: [string, string | undefined, (string | number)[]][] = [
    ['/theme/logo/src', config.theme.logo?.src, ['theme', 'logo', 'src']],
    ['/theme/favicon', config.theme.favicon, ['theme', 'favicon']],
  ];
  for (const [pointer, name, keys] of assets) {
    if (name === undefined) continue;
    const reason = await checkAsset(name, assetRoots, own.dir);
    if (reason) problems.add(blame(...keys), pointer, reason);
  }

  for (const problem of themeContrastProblems(config.theme.colors ?? {})) {
    const token = problem.missing ?? problem.foreground;
    problems.add(
      blame('theme', 'colors', token),
      `/theme/colors/${token}`,
      problem.missing
        ? `theme colour "${problem.missing}" is not set (needed for ${problem.foreground} on ${problem.background})`
        : `${problem.foreground} on ${problem.background} has contrast ${problem.ratio?.toFixed(2)}:1, WCAG 2.1 AA needs ${problem.minimum}:1`,
      undefined,
      'pick a darker or lighter colour; check it with any WCAG contrast checker',
    );
  }

  const praemien = await readRewardCatalogue(own.dir, base?.dir, assetRoots, problems);

  const translations = mergeTranslations(own, base);
  for (const [key, routeName] of usedTextKeys(pages)) {
    for (const language of Sprache) {
      if (translations[language]?.[key] !== undefined) continue;
      problems.add(
        path.join(own.dir, 'i18n', `${language}.json`),
        `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        `no ${languageName(language)} text for "${key}" (used on page ${routeName})`,
        undefined,
        `add it here or to mandants/_base/i18n/${language}.json`,
      );
    }
  }

  const checks = mandantChecks({
    config,
    pages,
    pageFile: (routeName, blockId) => locatePage(routeName, blockId, own, base),
    configFile: (...keys) => blame(...keys),
    translations,
    i18nFile: (language) =>
      own.translations.get(language)?.file ?? path.join(own.dir, 'i18n', `${language}.json`),
    i18nSources: [...(base?.translations.values() ?? []), ...own.translations.values()].map(
      ({ file, value }) => ({ file, texts: value }),
    ),
    svgAssets: await readSvgAssets(assetRoots),
    isInherited: (language, key) => own.translations.get(language)?.value[key] === undefined,
    goLive: options.goLive ?? false,
    contentVariables: options.goLive ? await readContentVariables(own.dir, base?.dir, Sprache) : [],
  });
  for (const problem of checks)
    problems.add(problem.file, problem.pointer, problem.reason, undefined, problem.hint);

  if (problems.size > before) return undefined;
  const languageContent = new Map<string, KeyValue[]>(
    Sprache.map((language) => [
      language,
      Object.entries(translations[language] ?? {}).map(([Key, Value]) => ({ Key, Value })),
    ]),
  );
  return {
    id,
    dir: own.dir,
    config,
    pages,
    assetRoots,
    configHash: createHash('sha256').update(JSON.stringify({ config, pages, translations })).digest('hex'),
    response: toMandantResponse(id, config, pages),
    defaultRoutes: { SupportedLanguage: { Sprache, Standard }, Routes: config.routes },
    additionalRoutes: config.additionalRoutes,
    languages: Sprache.map((code) => ({ Key: code, Value: languageName(code) })),
    languageContent,
    praemien,
  };
}

/** The file a merged page's block comes from (the override naming it, else _base's), with its index there. */
function locatePage(
  routeName: string,
  blockId: string | undefined,
  own: MandantSource,
  base: MandantSource | undefined,
): { file: string; index?: number } {
  for (const source of [own.pages.get(routeName), base?.pages.get(routeName)]) {
    if (!source) continue;
    if (blockId === undefined) return { file: source.file };
    const index = source.value.blocks?.findIndex((block) => block.id === blockId) ?? -1;
    if (index !== -1) return { file: source.file, index };
  }
  return { file: own.pages.get(routeName)?.file ?? path.join(own.dir, 'pages', `${routeName}.json`) };
}

/** content/{lang}/variables.json of _base, overridden by the mandant's (server/content merges them so). */
async function readContentVariables(
  dir: string,
  baseDir: string | undefined,
  languages: readonly string[],
): Promise<{ language: string; file: string; variables: Record<string, unknown> }[]> {
  const read = async (root: string | undefined, language: string): Promise<Record<string, unknown>> => {
    if (!root) return {};
    const text = await readFile(path.join(root, 'content', language, 'variables.json'), 'utf8').catch(
      () => '',
    );
    try {
      const variables = (JSON.parse(text) as { variables?: unknown }).variables;
      return isPlainObject(variables as Json) ? (variables as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  return Promise.all(
    languages.map(async (language) => ({
      language,
      file: path.join(dir, 'content', language, 'variables.json'),
      variables: { ...(await read(baseDir, language)), ...(await read(dir, language)) },
    })),
  );
}

async function readSvgAssets(roots: string[]): Promise<{ file: string; text: string }[]> {
  const found: { file: string; text: string }[] = [];
  for (const root of roots) {
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.svg')).sort()) {
      const file = path.join(root, name);
      found.push({ file, text: await readFile(file, 'utf8') });
    }
  }
  return found;
}

function noPage(routeName: string): string {
  return `route "${routeName}" has no page: add pages/${routeName}.json to this mandant or to _base`;
}

/** A page that exists but failed its own checks is already reported; do not also call it missing. */
function pageFailed(routeName: string, own: MandantSource, base: MandantSource | undefined): boolean {
  return own.pages.has(routeName) || (base?.pages.has(routeName) ?? false);
}

async function checkAsset(name: string, roots: string[], mandantDir: string): Promise<string | undefined> {
  const relative = safeRelativePath(name);
  if (relative === undefined) {
    return `"${name}" must be a file name inside the mandant's assets/ folder (no leading "/", no "..")`;
  }
  for (const root of roots) {
    if ((await stat(path.join(root, relative)).catch(() => undefined))?.isFile()) return undefined;
  }
  return `file "${relative}" not found in ${path.join(path.relative(process.cwd(), mandantDir), 'assets')}/ or _base/assets/`;
}

function mergeTranslations(
  own: MandantSource,
  base: MandantSource | undefined,
): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const [language, { value }] of base?.translations ?? []) result[language] = { ...value };
  for (const [language, { value }] of own.translations) result[language] = { ...result[language], ...value };
  return result;
}

function hasPath(value: JsonObject | undefined, keys: (string | number)[]): boolean {
  let current: Json | undefined = value;
  for (const key of keys) {
    if (!isPlainObject(current) || !Object.hasOwn(current, key)) return false;
    current = current[key];
  }
  return true;
}

/** Every i18n key the pages use (titles and text props), with the first route that uses it. */
function usedTextKeys(pages: Record<string, PageFile>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [routeName, page] of Object.entries(pages)) {
    const found = page.title ? [page.title] : [];
    for (const block of page.blocks ?? []) {
      if (block.type && isBlockType(block.type))
        collectTextKeys(blockPropsSchemas[block.type], block.props, found);
    }
    for (const key of found) if (!keys.has(key)) keys.set(key, routeName);
  }
  return keys;
}
