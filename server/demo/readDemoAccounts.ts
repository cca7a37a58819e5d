import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import { checkPassword } from '../../domain/password.ts';
import demoAccountsSchema from '../../schemas/demoAccounts.schema.json' with { type: 'json' };
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { ProblemList } from '../mandants/ProblemList.ts';
import { readJsonFile } from '../mandants/readJsonFile.ts';
import type { DemoAccounts } from './DemoAccounts.ts';

const validate = new Ajv({ allErrors: true, strict: true, useDefaults: true, verbose: true }).compile(
  demoAccountsSchema,
);

/** Where a mandant keeps its demo accounts. */
export function demoAccountsFile(mandant: LoadedMandant): string {
  return path.join(mandant.dir, 'demo', 'accounts.json');
}

/**
 * The demo accounts of every mandant that has the file, validated against
 * schemas/demoAccounts.schema.json and beyond it: SPEC's password rules, an offered language, one entry
 * per e-mail. A broken file stops the start like a broken mandant file (MandantConfigError with path,
 * JSON pointer and reason), because a demo that silently lacks its logins is worse than none.
 */
export async function readDemoAccounts(
  mandants: readonly LoadedMandant[],
): Promise<ReadonlyMap<string, DemoAccounts>> {
  const problems = new ProblemList();
  const result = new Map<string, DemoAccounts>();
  for (const mandant of mandants) {
    const file = demoAccountsFile(mandant);
    if (!(await stat(file).catch(() => undefined))?.isFile()) continue;
    const raw = await readJsonFile(file, problems);
    if (raw === undefined) continue;
    if (!validate(raw)) {
      problems.addAjv(file, validate.errors);
      continue;
    }
    const accounts = raw as unknown as DemoAccounts;
    const before = problems.size;
    checkAccounts(file, mandant, accounts, problems);
    if (problems.size === before) result.set(mandant.id, accounts);
  }
  if (problems.size > 0) throw problems.toError();
  return result;
}

function checkAccounts(
  file: string,
  mandant: LoadedMandant,
  accounts: DemoAccounts,
  problems: ProblemList,
): void {
  const offered = mandant.config.SupportedLanguage.Sprache;
  // Recommenders and agency users live in separate tables: one person may be both.
  const checkEmail = (seen: Map<string, string>, email: string, pointer: string) => {
    const normalized = normalizeEmail(email);
    const first = seen.get(normalized);
    if (first) problems.add(file, `${pointer}/email`, `the same e-mail as ${first} (case does not count)`);
    else seen.set(normalized, pointer);
  };
  const recommenderEmails = new Map<string, string>();
  accounts.recommenders.forEach((recommender, index) => {
    const pointer = `/recommenders/${index}`;
    checkEmail(recommenderEmails, recommender.email, pointer);
    const broken = checkPassword(recommender.password);
    if (broken.length > 0) {
      problems.add(
        file,
        `${pointer}/password`,
        `breaks SPEC's password rules (${broken.join(', ')}): at least 8 characters with a lowercase letter, an uppercase letter and a digit`,
      );
    }
    if (!offered.includes(recommender.language)) {
      problems.add(
        file,
        `${pointer}/language`,
        `"${recommender.language}" is not offered by this mandant (${offered.join(', ')})`,
      );
    }
  });
  const agencyEmails = new Map<string, string>();
  accounts.agencyUsers.forEach((user, index) => {
    checkEmail(agencyEmails, user.email, `/agencyUsers/${index}`);
  });
}
