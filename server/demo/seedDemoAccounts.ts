import type { AccountRepository } from '../account/accountRepository.ts';
import type { AgencyUserRepository } from '../agency/agencyUserRepository.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import type { PasswordHasher } from '../auth/passwordHasher.ts';
import type { DemoAccounts } from './DemoAccounts.ts';

export interface SeedResult {
  recommenders: number;
  agencyUsers: number;
}

/**
 * Creates the demo accounts a mandant does not have yet. Existing accounts are left alone, so a password
 * changed in the app survives a restart; only missing ones are hashed, so a restart costs no hashing.
 * Safe to run on several instances at once (the inserts skip e-mails taken meanwhile).
 */
export interface SeedDemoAccountsDeps {
  accounts: Pick<AccountRepository, 'existingEmails' | 'insertMissing'>;
  agencyUsers: Pick<AgencyUserRepository, 'insertMissing'>;
  passwordHasher: Pick<PasswordHasher, 'hash'>;
}

export async function seedDemoAccounts(
  deps: SeedDemoAccountsDeps,
  mandantId: string,
  accounts: DemoAccounts,
): Promise<SeedResult> {
  const recommenders = accounts.recommenders.map((recommender) => ({
    ...recommender,
    email: normalizeEmail(recommender.email),
  }));
  const existing = await deps.accounts.existingEmails(
    mandantId,
    recommenders.map((recommender) => recommender.email),
  );
  const missing = await Promise.all(
    recommenders
      .filter((recommender) => !existing.has(recommender.email))
      .map(async (recommender) => ({
        mandantId,
        email: recommender.email,
        passwordHash: await deps.passwordHasher.hash(recommender.password),
        anrede: recommender.anrede,
        vorname: recommender.vorname,
        nachname: recommender.nachname,
        language: recommender.language,
        newsletterOptinGegeben: recommender.newsletterOptinGegeben,
        status: recommender.status,
      })),
  );
  return {
    recommenders: await deps.accounts.insertMissing(missing),
    agencyUsers: await deps.agencyUsers.insertMissing(
      accounts.agencyUsers.map((user) => ({
        mandantId,
        email: normalizeEmail(user.email),
        name: user.name,
        roles: user.roles,
      })),
    ),
  };
}
