import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
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
export async function seedDemoAccounts(
  app: FastifyInstance,
  mandantId: string,
  accounts: DemoAccounts,
): Promise<SeedResult> {
  const recommenders = accounts.recommenders.map((recommender) => ({
    ...recommender,
    email: normalizeEmail(recommender.email),
  }));
  const existing = await app.accountRepository.existingEmails(
    mandantId,
    recommenders.map((recommender) => recommender.email),
  );
  const missing = await Promise.all(
    recommenders
      .filter((recommender) => !existing.has(recommender.email))
      .map(async (recommender) => ({
        mandantId,
        email: recommender.email,
        passwordHash: await app.passwordHasher.hash(recommender.password),
        anrede: recommender.anrede,
        vorname: recommender.vorname,
        nachname: recommender.nachname,
        language: recommender.language,
        newsletterOptinGegeben: recommender.newsletterOptinGegeben,
        status: recommender.status,
      })),
  );
  return {
    recommenders: await app.accountRepository.insertMissing(missing),
    agencyUsers: await app.agencyUserRepository.insertMissing(
      accounts.agencyUsers.map((user) => ({
        mandantId,
        email: normalizeEmail(user.email),
        name: user.name,
        roles: user.roles,
      })),
    ),
  };
}
