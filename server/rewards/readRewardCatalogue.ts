import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import praemienSchema from '../../schemas/praemien.schema.json' with { type: 'json' };
import type { PraemienKatalog } from '../../schemas/praemien.ts';
import type { ProblemList } from '../mandants/ProblemList.ts';
import { readJsonFile } from '../mandants/readJsonFile.ts';
import { safeRelativePath } from '../static/safeRelativePath.ts';

export const REWARD_CATALOGUE_FILE = 'praemien.json';

const validate = new Ajv({ allErrors: true, strict: true, useDefaults: true, verbose: true }).compile(
  praemienSchema,
);

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
  if (!validate(raw)) {
    problems.addAjv(file, validate.errors);
    return { praemien: [] };
  }
  const catalogue = raw as unknown as PraemienKatalog;
  const seen = new Map<string, number>();
  for (const [index, entry] of catalogue.praemien.entries()) {
    const first = seen.get(entry.Id);
    if (first !== undefined) {
      problems.add(
        file,
        `/praemien/${index}/Id`,
        `duplicate reward id "${entry.Id}" (first at /praemien/${first})`,
      );
    }
    seen.set(entry.Id, index);
    if (entry.Enddatum !== null && entry.Enddatum < entry.Startdatum) {
      problems.add(file, `/praemien/${index}/Enddatum`, 'ends before it starts (Startdatum)');
    }
    if (!(await assetExists(entry.Grafik, assetRoots))) {
      problems.add(
        file,
        `/praemien/${index}/Grafik`,
        `file "${entry.Grafik}" not found in the mandant's assets/ or _base/assets/`,
      );
    }
  }
  return catalogue;
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
