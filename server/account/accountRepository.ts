import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AccountStatus, AccountTable } from '../db/DatabaseSchema.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

/** A recommender's account as the server works with it. `email` is always the normalised form. */
export interface Account {
  id: string;
  mandantId: string;
  email: string;
  /** Null while a registered account has no password yet (it cannot log in until the welcome link is used). */
  passwordHash: string | null;
  anrede: string;
  vorname: string;
  nachname: string;
  empfehlerHash: string;
  newsletterOptinGegeben: boolean;
  newsletterOptinVersendetAm: Date | null;
  language: string;
  status: AccountStatus;
  /** Null until the first password change. */
  passwordChangedAt: Date | null;
}

export interface NewAccount {
  mandantId: string;
  /** Already normalised (normalizeEmail). */
  email: string;
  passwordHash: string;
  anrede: string;
  vorname: string;
  nachname: string;
  language: string;
  newsletterOptinGegeben: boolean;
  status: AccountStatus;
}

/** Every method takes the mandant: no account is ever read or changed outside its own mandant. */
export interface AccountRepository {
  findByEmail(mandantId: string, email: string): Promise<Account | undefined>;
  findById(mandantId: string, id: string): Promise<Account | undefined>;
  updateLanguage(mandantId: string, id: string, language: string): Promise<Account | undefined>;
  /** The given e-mails that already have an account in the mandant. */
  existingEmails(mandantId: string, emails: readonly string[]): Promise<Set<string>>;
  /** Inserts the accounts whose e-mail is still free; returns how many it inserted. */
  insertMissing(accounts: readonly NewAccount[]): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountRepository: AccountRepository;
  }
}

/** 128 random bits: the recommender's public id in links, unguessable and unrelated to the account id. */
function newRecommenderHash(): string {
  return randomBytes(16).toString('hex');
}

export const accountRepositoryPlugin = globalPlugin('accountRepository', async (app) => {
  const db = app.database.kysely;
  const repository: AccountRepository = {
    async findByEmail(mandantId, email) {
      const row = await db
        .selectFrom('account')
        .selectAll()
        .where('mandant_id', '=', mandantId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async findById(mandantId, id) {
      const row = await db
        .selectFrom('account')
        .selectAll()
        .where('mandant_id', '=', mandantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async updateLanguage(mandantId, id, language) {
      const row = await db
        .updateTable('account')
        .set({ language })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async existingEmails(mandantId, emails) {
      if (emails.length === 0) return new Set();
      const rows = await db
        .selectFrom('account')
        .select('email')
        .where('mandant_id', '=', mandantId)
        .where('email', 'in', [...emails])
        .execute();
      return new Set(rows.map((row) => row.email));
    },
    async insertMissing(accounts) {
      if (accounts.length === 0) return 0;
      const rows = await db
        .insertInto('account')
        .values(
          accounts.map((account) => ({
            mandant_id: account.mandantId,
            email: account.email,
            password_hash: account.passwordHash,
            anrede: account.anrede,
            vorname: account.vorname,
            nachname: account.nachname,
            empfehler_hash: newRecommenderHash(),
            language: account.language,
            newsletter_optin_gegeben: account.newsletterOptinGegeben,
            status: account.status,
          })),
        )
        .onConflict((conflict) => conflict.columns(['mandant_id', 'email']).doNothing())
        .returning('id')
        .execute();
      return rows.length;
    },
  };
  app.decorate('accountRepository', repository);
});

function toAccount(row: Selectable<AccountTable>): Account {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    email: row.email,
    passwordHash: row.password_hash,
    anrede: row.anrede,
    vorname: row.vorname,
    nachname: row.nachname,
    empfehlerHash: row.empfehler_hash,
    newsletterOptinGegeben: row.newsletter_optin_gegeben,
    newsletterOptinVersendetAm: row.newsletter_optin_versendet_am,
    language: row.language,
    status: row.status,
    passwordChangedAt: row.password_changed_at,
  };
}
