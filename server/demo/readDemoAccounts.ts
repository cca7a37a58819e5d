import { Ajv } from 'ajv';
import demoAccountsSchema from '../../schemas/demoAccounts.schema.json' with { type: 'json' };
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import type { ProblemList } from '../mandants/ProblemList.ts';
import type { DemoAccounts } from './DemoAccounts.ts';
import { checkDemoPassword, readDemoFiles } from './readDemoFiles.ts';

const validate = new Ajv({ allErrors: true, strict: true, useDefaults: true, verbose: true }).compile(
  demoAccountsSchema,
);

/**
 * The demo accounts of every mandant that has the file, validated against
 * schemas/demoAccounts.schema.json and beyond it: SPEC's password rules, an offered language, one entry
 * per e-mail (readDemoFiles: a broken file stops the start).
 */
export function readDemoAccounts(
  mandants: readonly LoadedMandant[],
): Promise<ReadonlyMap<string, DemoAccounts>> {
  return readDemoFiles<DemoAccounts>(
    mandants,
    'accounts.json',
    validate,
    (accounts, file, mandant, problems) => checkAccounts(file, mandant, accounts, problems),
  );
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
    checkDemoPassword(problems, file, `${pointer}/password`, recommender.password);
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
