import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountStatus, DatabaseSchema } from '../db/DatabaseSchema.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

/** A Kysely instance or a transaction of one. */
type Executor = Kysely<DatabaseSchema>;

/** What the lifecycle needs to know about an account inside a transaction. */
export interface AccountState {
  id: string;
  email: string;
  vorname: string;
  nachname: string;
  language: string;
  status: AccountStatus;
  /** False while the account was registered but no password was set yet. */
  hasPassword: boolean;
}

export interface NewRegistration {
  mandantId: string;
  /** Already normalised (normalizeEmail). */
  email: string;
  vorname: string;
  nachname: string;
  language: string;
}

/**
 * Registration and passwords (issue 5). Methods take an executor so that they run inside the caller's
 * transaction together with the link and the mail; every one is scoped by mandant.
 */
export interface AccountLifecycleRepository {
  /** The account of an e-mail, read (and row-locked) in the transaction. */
  lockByEmail(db: Executor, mandantId: string, email: string): Promise<AccountState | undefined>;
  lockById(db: Executor, mandantId: string, id: string): Promise<AccountState | undefined>;
  /** A registered account without a password; undefined when the e-mail was taken meanwhile. */
  register(db: Executor, registration: NewRegistration): Promise<AccountState | undefined>;
  /**
   * Sets the password. `changedAt` is the application's clock (as for a token's `iat`): every session
   * token issued before it stops working (sessionAccount.ts).
   */
  setPassword(
    db: Executor,
    mandantId: string,
    id: string,
    passwordHash: string,
    changedAt: Date,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountLifecycleRepository: AccountLifecycleRepository;
  }
}

const STATE_COLUMNS = ['id', 'email', 'vorname', 'nachname', 'language', 'status', 'password_hash'] as const;

function toState(row: {
  id: string;
  email: string;
  vorname: string;
  nachname: string;
  language: string;
  status: AccountStatus;
  password_hash: string | null;
}): AccountState {
  const { password_hash: passwordHash, ...rest } = row;
  return { ...rest, hasPassword: passwordHash !== null };
}

export const accountLifecycleRepositoryPlugin = globalPlugin('accountLifecycleRepository', async (app) => {
  const repository: AccountLifecycleRepository = {
    async lockByEmail(db, mandantId, email) {
      const row = await db
        .selectFrom('account')
        .select(STATE_COLUMNS)
        .where('mandant_id', '=', mandantId)
        .where('email', '=', email)
        .forUpdate()
        .executeTakeFirst();
      return row && toState(row);
    },
    async lockById(db, mandantId, id) {
      const row = await db
        .selectFrom('account')
        .select(STATE_COLUMNS)
        .where('mandant_id', '=', mandantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row && toState(row);
    },
    async register(db, registration) {
      const row = await db
        .insertInto('account')
        .values({
          mandant_id: registration.mandantId,
          email: registration.email,
          password_hash: null,
          vorname: registration.vorname,
          nachname: registration.nachname,
          // 128 random bits: the recommender's public id in links (as for every account).
          empfehler_hash: randomBytes(16).toString('hex'),
          language: registration.language,
        })
        .onConflict((conflict) => conflict.columns(['mandant_id', 'email']).doNothing())
        .returning(STATE_COLUMNS)
        .executeTakeFirst();
      return row && toState(row);
    },
    async setPassword(db, mandantId, id, passwordHash, changedAt) {
      await db
        .updateTable('account')
        .set({ password_hash: passwordHash, password_changed_at: changedAt })
        .where('mandant_id', '=', mandantId)
        .where('id', '=', id)
        .execute();
    },
  };
  app.decorate('accountLifecycleRepository', repository);
});
