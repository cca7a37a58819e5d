import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FaqCategory, Footnote } from '../../../schemas/content.ts';
import { escapePointer } from '../../http/escapePointer.ts';
import type { ProblemList } from '../../mandants/ProblemList.ts';
import { readJsonFile } from '../../mandants/readJsonFile.ts';
import type { ContentKinds, EntrySource, FaqItemSource, KeyVisualSource } from '../ContentProvider.ts';
import { type ContentFileKind, contentFileValidator } from './contentValidators.ts';

/** One language of a mandant's embedded content, merged over _base. */
export interface EmbeddedLanguage {
  entries: Record<string, EntrySource>;
  faq: ContentKinds['faq'];
  keyVisuals: Record<string, KeyVisualSource>;
  footnotes: Footnote[];
  variables: Record<string, string>;
  agencyVariables: Record<string, Record<string, string>>;
  /** Where each entry came from, for problem reports. */
  files: Map<string, string>;
  /**
   * Where each text-bearing item came from, for problem reports: `entry:ID`, `faq:ID` (an item),
   * `faq-category:ID`, `keyvisual:ID`, `footnote:IDENTIFIER` → its file, the JSON pointer of the item in
   * that file, and whether that file is _base's (the mandant inherits the item).
   */
  origins: Map<string, ContentOrigin>;
}

export interface ContentOrigin {
  file: string;
  pointer: string;
  inherited: boolean;
}

export interface EmbeddedContent {
  languages: Map<string, EmbeddedLanguage>;
  /** content/assets/ of the mandant, then of _base. */
  assetDirs: string[];
}

export const CONTENT_FOLDER = 'content';
const ENTRY_FILE = /^([a-z0-9][a-z0-9-]{0,63})\.json$/;

interface FaqFile {
  categories: (Partial<FaqCategory> & { id: string; remove?: true })[];
  items: (Partial<FaqItemSource> & { id: string; remove?: true })[];
}

/** The files of one folder (a mandant's or _base's content/LANG/), validated, not yet merged. */
interface LanguageFiles {
  /** _base's folder: what it holds, a mandant inherits. */
  inherited: boolean;
  entries: Map<string, { file: string; value: EntrySource }>;
  faq?: { file: string; value: FaqFile };
  keyVisuals?: { file: string; value: Record<string, KeyVisualSource> };
  footnotes?: { file: string; value: Footnote[] };
  variables?: { variables: Record<string, string>; agencies?: Record<string, Record<string, string>> };
}

/**
 * Reads mandants/{id}/content/{lang}/ for every offered language and merges it over _base/content/{lang}/
 * (entries and key visuals by id, FAQ categories and items by id, footnotes by Identifier, variables by
 * name). Every file is checked against schemas/content.schema.json; problems go to `problems` with file
 * and JSON pointer, like the rest of the mandant.
 */
export async function readEmbeddedContent(
  mandantDir: string,
  baseDir: string | undefined,
  languages: readonly string[],
  problems: ProblemList,
): Promise<EmbeddedContent> {
  const result: EmbeddedContent = { languages: new Map(), assetDirs: [] };
  for (const dir of [mandantDir, baseDir]) {
    const assets = dir && path.join(dir, CONTENT_FOLDER, 'assets');
    if (assets && (await isDirectory(assets))) result.assetDirs.push(assets);
  }
  for (const language of languages) {
    const base = baseDir ? await readLanguageFiles(baseDir, language, problems, true) : undefined;
    const own = await readLanguageFiles(mandantDir, language, problems, false);
    result.languages.set(language, mergeLanguage(base, own, problems));
  }
  return result;
}

async function readLanguageFiles(
  dir: string,
  language: string,
  problems: ProblemList,
  inherited: boolean,
): Promise<LanguageFiles> {
  const root = path.join(dir, CONTENT_FOLDER, language);
  const files: LanguageFiles = { inherited, entries: new Map() };
  const entriesDir = path.join(root, 'entries');
  for (const name of await fileNames(entriesDir)) {
    const file = path.join(entriesDir, name);
    const match = ENTRY_FILE.exec(name);
    if (!match?.[1]) {
      if (name.endsWith('.json')) {
        problems.add(file, '', 'file name must be an entry id (a-z, 0-9, "-") plus .json, e.g. imprint.json');
      }
      continue;
    }
    const value = await readValid<EntrySource>(file, 'entryFile', problems);
    if (value) files.entries.set(match[1], { file, value: { title: value.title, body: value.body } });
  }
  const faqFile = path.join(root, 'faq.json');
  const faq = await readValid<FaqFile>(faqFile, 'faqFile', problems, true);
  if (faq) files.faq = { file: faqFile, value: faq };
  const keyVisualsFile = path.join(root, 'keyvisuals.json');
  const keyVisuals = await readValid<{ keyVisuals: Record<string, KeyVisualSource> }>(
    keyVisualsFile,
    'keyVisualsFile',
    problems,
    true,
  );
  if (keyVisuals) files.keyVisuals = { file: keyVisualsFile, value: keyVisuals.keyVisuals };
  const footnotesFile = path.join(root, 'footnotes.json');
  const footnotes = await readValid<{ footnotes: Footnote[] }>(
    footnotesFile,
    'footnotesFile',
    problems,
    true,
  );
  if (footnotes) files.footnotes = { file: footnotesFile, value: footnotes.footnotes };
  files.variables = await readValid<NonNullable<LanguageFiles['variables']>>(
    path.join(root, 'variables.json'),
    'variablesFile',
    problems,
    true,
  );
  return files;
}

async function readValid<T>(
  file: string,
  kind: ContentFileKind,
  problems: ProblemList,
  optional = false,
): Promise<T | undefined> {
  if (optional && !(await isFile(file))) return undefined;
  const raw = await readJsonFile(file, problems);
  if (raw === undefined) return undefined;
  const validate = contentFileValidator(kind);
  if (!validate(raw)) {
    problems.addAjv(file, validate.errors);
    return undefined;
  }
  return raw as T;
}

function mergeLanguage(
  base: LanguageFiles | undefined,
  own: LanguageFiles,
  problems: ProblemList,
): EmbeddedLanguage {
  const files = new Map<string, string>();
  const origins = new Map<string, ContentOrigin>();
  const entries: Record<string, EntrySource> = {};
  const keyVisuals: Record<string, KeyVisualSource> = {};
  const footnotes = new Map<string, Footnote>();
  for (const source of [base, own]) {
    if (!source) continue;
    const { inherited } = source;
    for (const [id, { file, value }] of source.entries) {
      entries[id] = value;
      files.set(`entry:${id}`, file);
      origins.set(`entry:${id}`, { file, pointer: '', inherited });
    }
    for (const [id, visual] of Object.entries(source.keyVisuals?.value ?? {})) {
      keyVisuals[id] = visual;
      const file = source.keyVisuals?.file ?? '';
      origins.set(`keyvisual:${id}`, { file, pointer: `/keyVisuals/${escapePointer(id)}`, inherited });
    }
    for (const [index, footnote] of (source.footnotes?.value ?? []).entries()) {
      footnotes.set(footnote.Identifier, footnote);
      const file = source.footnotes?.file ?? '';
      origins.set(`footnote:${footnote.Identifier}`, { file, pointer: `/footnotes/${index}`, inherited });
    }
  }
  const agencyVariables: Record<string, Record<string, string>> = {};
  for (const source of [base?.variables?.agencies, own.variables?.agencies]) {
    for (const [agency, values] of Object.entries(source ?? {})) {
      agencyVariables[agency] = { ...agencyVariables[agency], ...values };
    }
  }
  return {
    entries,
    faq: mergeFaq([base, own], problems, files, origins),
    keyVisuals,
    footnotes: [...footnotes.values()],
    variables: { ...base?.variables?.variables, ...own.variables?.variables },
    agencyVariables,
    files,
    origins,
  };
}

/** Categories and items by id, in the order they first appear; a later file replaces or removes. */
function mergeFaq(
  folders: (LanguageFiles | undefined)[],
  problems: ProblemList,
  files: Map<string, string>,
  origins: Map<string, ContentOrigin>,
): ContentKinds['faq'] {
  const categories = new Map<string, FaqCategory>();
  const items = new Map<string, FaqItemSource>();
  for (const folder of folders) {
    const source = folder?.faq;
    if (!source) continue;
    const { inherited } = folder;
    files.set('faq', source.file);
    for (const [index, category] of source.value.categories.entries()) {
      if (category.remove) categories.delete(category.id);
      else if (!category.title) {
        problems.add(source.file, `/categories/${index}/title`, 'required property is missing');
      } else {
        categories.set(category.id, { id: category.id, title: category.title });
        origins.set(`faq-category:${category.id}`, {
          file: source.file,
          pointer: `/categories/${index}`,
          inherited,
        });
      }
    }
    for (const [index, item] of source.value.items.entries()) {
      if (item.remove) {
        items.delete(item.id);
        continue;
      }
      const missing = (['category', 'question', 'answer'] as const).filter((key) => item[key] === undefined);
      for (const key of missing) {
        problems.add(source.file, `/items/${index}/${key}`, 'required property is missing');
      }
      if (missing.length > 0 || !item.category || !item.question) continue;
      const { id, category, question, answer } = item;
      items.set(id, { id, category, question, answer });
      origins.set(`faq:${id}`, { file: source.file, pointer: `/items/${index}`, inherited });
    }
  }
  return { categories: [...categories.values()], items: [...items.values()] };
}

async function fileNames(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
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
