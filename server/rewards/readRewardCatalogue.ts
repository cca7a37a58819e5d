import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import praemienSchema from '../../schemas/praemien.schema.json' with { type: 'json' };
import type { PraemienKatalog } from '../../schemas/praemien.ts';
import type { ProblemList } from '../mandants/ProblemList.ts';
import { readJsonFile } from '../mandants/readJsonFile.ts';
import { safeRelativePath } from '../static/safeRelativePath.ts';

export const REWARD_CATALOGUE_FILE = 'praemien.json';

/** praemien.schema.json, compiled once; also validates the back office's overrides. */
export const validateCatalogue = new Ajv({
  allErrors: true,
  strict: true,
  useDefaults: true,
  verbose: true,
}).compile(praemienSchema);

/**
 * The reward catalogue of a mandant: its own `praemien.json`, else `_base/praemien.json` (the file as a
 * whole replaces, like pages), else an empty catalogue. Checked against praemien.schema.json and beyond it:
 * unique ids, an end date not before the start, and an image that exists in the mandant's or _base's
 * assets. Problems go to `problems` with file and JSON pointer, like every mandant file.
 */
export async function readRewardCatalogue(
  mandantDir: string,
  baseDir: string | undefined,
  assetRoots: readonly string[],
  problems: ProblemList,
): Promise<PraemienKatalog> {
  const own = path.join(mandantDir, REWARD_CATALOGUE_FILE);
  const inherited = baseDir ? path.join(baseDir, REWARD_CATALOGUE_FILE) : undefined;
  const file = (await isFile(own)) ? own : inherited && (await isFile(inherited)) ? inherited : undefined;
  if (!file) return { praemien: [] };
  const raw = await readJsonFile(file, problems);
  if (raw === undefined) return { praemien: [] };
  if (!validateCatalogue(raw)) {
    problems.addAjv(file, validateCatalogue.errors);
    return { praemien: [] };
  }
  const catalogue = raw as unknown as PraemienKatalog;
  for (const problem of await catalogueProblems(catalogue, assetRoots)) {
    problems.add(file, problem.pointer, problem.reason);
  }
  return catalogue;
}

/**
 * What the schema cannot check in a catalogue: unique ids, an end date not before the start, an image that
 * exists. Shared by the file (above) and the back office's overrides (server/backoffice/settings).
 */
export async function catalogueProblems(
  catalogue: PraemienKatalog,
  assetRoots: readonly string[],
): Promise<{ pointer: string; reason: string }[]> {
  const problems: { pointer: string; reason: string }[] = [];
  const seen = new Map<string, number>();
  for (const [index, entry] of catalogue.praemien.entries()) {
    const first = seen.get(entry.Id);
    if (first !== undefined) {
      problems.push({
        pointer: `/praemien/${index}/Id`,
        reason: `duplicate reward id "${entry.Id}" (first at /praemien/${first})`,
      });
    }
    seen.set(entry.Id, index);
    if (entry.Enddatum !== null && entry.Enddatum < entry.Startdatum) {
      problems.push({ pointer: `/praemien/${index}/Enddatum`, reason: 'ends before it starts (Startdatum)' });
    }
    if (!(await assetExists(entry.Grafik, assetRoots))) {
      problems.push({
        pointer: `/praemien/${index}/Grafik`,
        reason: `file "${entry.Grafik}" not found in the mandant's assets/ or _base/assets/`,
      });
    }
  }
  return problems;
}

/** The file of a catalogue image, searched like every mandant asset: the mandant's assets/, then _base's. */
export async function findAsset(name: string, assetRoots: readonly string[]): Promise<string | undefined> {
  const relative = safeRelativePath(name);
  if (relative === undefined) return undefined;
  for (const root of assetRoots) {
    const file = path.join(root, relative);
    if (await isFile(file)) return file;
  }
  return undefined;
}

async function assetExists(name: string, assetRoots: readonly string[]): Promise<boolean> {
  return (await findAsset(name, assetRoots)) !== undefined;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}
