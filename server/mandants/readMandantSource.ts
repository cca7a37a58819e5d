import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JsonObject, PageFile } from '../../domain/merge.ts';
import type { ProblemList } from './ProblemList.ts';
import { readJsonFile } from './readJsonFile.ts';
import { validateMandantFile, validatePageFile, validateTranslationsFile } from './validators.ts';

/** Page file names are route names (schemas/routes.ts); anything else would silently never be served. */
const ROUTE_NAME = /^[A-Z][A-Za-z]+$/;
const LANGUAGE_FILE = /^[a-z]{2}\.json$/;

export interface SourceFile<T> {
  file: string;
  value: T;
}

/** The files of one mandant folder (or _base) that parsed and passed their schema, unmerged. */
export interface MandantSource {
  dir: string;
  configFile: string;
  /** undefined when the file is missing (allowed for _base) or invalid (already reported). */
  config: JsonObject | undefined;
  configInvalid: boolean;
  pages: Map<string, SourceFile<PageFile>>;
  translations: Map<string, SourceFile<Record<string, string>>>;
  assetsDir: string | undefined;
}

export async function readMandantSource(
  dir: string,
  problems: ProblemList,
  options: { configRequired: boolean },
): Promise<MandantSource> {
  const configFile = path.join(dir, 'mandant.json');
  const source: MandantSource = {
    dir,
    configFile,
    config: undefined,
    configInvalid: false,
    pages: new Map(),
    translations: new Map(),
    assetsDir: undefined,
  };

  if (await isFile(configFile)) {
    const raw = await readJsonFile(configFile, problems);
    if (raw !== undefined && validateMandantFile(raw)) {
      source.config = raw as JsonObject;
    } else {
      source.configInvalid = true;
      if (raw !== undefined) problems.addAjv(configFile, validateMandantFile.errors);
    }
  } else if (options.configRequired) {
    source.configInvalid = true;
    problems.add(configFile, '', 'missing: every mandant folder needs a mandant.json');
  }

  for (const name of await jsonFiles(path.join(dir, 'pages'))) {
    const file = path.join(dir, 'pages', name);
    const routeName = name.slice(0, -'.json'.length);
    if (!ROUTE_NAME.test(routeName)) {
      problems.add(
        file,
        '',
        `file name must be a route name (${ROUTE_NAME.source}), e.g. pages/Homepage.json`,
      );
      continue;
    }
    const raw = await readJsonFile(file, problems);
    if (raw === undefined) continue;
    if (!validatePageFile(raw)) {
      problems.addAjv(file, validatePageFile.errors);
      continue;
    }
    const page = raw as PageFile;
    if (reportDuplicateBlockIds(file, page, problems)) continue;
    source.pages.set(routeName, { file, value: page });
  }

  for (const name of await jsonFiles(path.join(dir, 'i18n'))) {
    const file = path.join(dir, 'i18n', name);
    if (!LANGUAGE_FILE.test(name)) {
      problems.add(file, '', 'file name must be a two-letter language code, e.g. i18n/de.json');
      continue;
    }
    const raw = await readJsonFile(file, problems);
    if (raw === undefined) continue;
    if (!validateTranslationsFile(raw)) {
      problems.addAjv(file, validateTranslationsFile.errors);
      continue;
    }
    source.translations.set(name.slice(0, 2), { file, value: raw as Record<string, string> });
  }

  const assetsDir = path.join(dir, 'assets');
  if (await isDirectory(assetsDir)) source.assetsDir = assetsDir;
  return source;
}

/** Block ids are the merge key and the error-report key, so each may appear once per page file. */
function reportDuplicateBlockIds(file: string, page: PageFile, problems: ProblemList): boolean {
  const seen = new Map<string, number>();
  let duplicate = false;
  (page.blocks ?? []).forEach((block, index) => {
    const first = seen.get(block.id);
    if (first === undefined) {
      seen.set(block.id, index);
      return;
    }
    duplicate = true;
    problems.add(
      file,
      `/blocks/${index}/id`,
      `duplicate block id "${block.id}" (first used at /blocks/${first})`,
    );
  });
  return duplicate;
}

async function jsonFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
