import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { checkPassword } from '../../domain/password.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { ProblemList } from '../mandants/ProblemList.ts';
import { readJsonFile } from '../mandants/readJsonFile.ts';

/** Where a mandant keeps a demo file (`demo/accounts.json`, `demo/recommendations.json`, `demo/agency.json`). */
export function demoFile(mandant: LoadedMandant, name: string): string {
  return path.join(mandant.dir, 'demo', name);
}

/**
 * Every mandant's `demo/{name}` that exists, validated against its JSON Schema and then by `check` (which adds
 * what the schema cannot say: SPEC's password rules, an offered language, a reward in the catalogue). A broken
 * file stops the start like a broken mandant file (MandantConfigError with path, JSON pointer and reason),
 * because a demo that silently lacks its data is worse than none.
 */
export async function readDemoFiles<T>(
  mandants: readonly LoadedMandant[],
  name: string,
  validate: ValidateFunction,
  check: (value: T, file: string, mandant: LoadedMandant, problems: ProblemList) => void = () => {},
): Promise<ReadonlyMap<string, T>> {
  const problems = new ProblemList();
  const result = new Map<string, T>();
  for (const mandant of mandants) {
    const file = demoFile(mandant, name);
    if (!(await stat(file).catch(() => undefined))?.isFile()) continue;
    const raw = await readJsonFile(file, problems);
    if (raw === undefined) continue;
    if (!validate(raw)) {
      problems.addAjv(file, validate.errors);
      continue;
    }
    const value = raw as T;
    check(value, file, mandant, problems);
    result.set(mandant.id, value);
  }
  if (problems.size > 0) throw problems.toError();
  return result;
}

/** SPEC 5's password rules for a demo login; a demo password that the app would refuse is a broken file. */
export function checkDemoPassword(
  problems: ProblemList,
  file: string,
  pointer: string,
  password: string,
): void {
  const broken = checkPassword(password);
  if (broken.length > 0) {
    problems.add(
      file,
      pointer,
      `breaks SPEC's password rules (${broken.join(', ')}): at least 8 characters with a lowercase letter, an uppercase letter and a digit`,
    );
  }
}
