import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { BackofficeRole } from '../../domain/backofficeAbilities.ts';
import { totpCipherContext } from '../../server/backoffice/login/backofficeLoginRoutes.ts';

/** A fixed demo TOTP secret for tests (base32). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const BACKOFFICE_PASSWORD = 'Backoffice-Test-1';

export interface TestBackofficeUser {
  email: string;
  name?: string;
  roles: BackofficeRole[];
  /** null: no password (SSO only); default BACKOFFICE_PASSWORD. */
  password?: string | null;
  /** A confirmed TOTP secret; null: none yet (set up at the first sign-in). Default TEST_TOTP_SECRET. */
  totpSecret?: string | null;
  status?: 'active' | 'inactive';
}

/** Inserts a back-office user of `mandantId`; returns its id. */
export async function insertBackofficeUser(
  app: FastifyInstance,
  mandantId: string,
  user: TestBackofficeUser,
): Promise<string> {
  const password = user.password === undefined ? BACKOFFICE_PASSWORD : user.password;
  const secret = user.totpSecret === undefined ? TEST_TOTP_SECRET : user.totpSecret;
  const row = await app.database.kysely
    .insertInto('backoffice_user')
    .values({
      mandant_id: mandantId,
      email: user.email,
      name: user.name ?? user.email,
      roles: user.roles,
      status: user.status ?? 'active',
      password_hash: password === null ? null : await app.passwordHasher.hash(password),
      totp_secret_encrypted: secret ? app.fieldCipher.encrypt(secret, totpCipherContext(mandantId)) : null,
      totp_confirmed_at: secret ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The current TOTP code of a secret. */
export function totpCode(
  secret = TEST_TOTP_SECRET,
  epochSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return generate({ secret, epoch: epochSeconds });
}

/**
 * A back-office session token for a new user with `roles` (issued directly: route tests need a token, not
 * the sign-in, which tests/server/backofficeLogin.test.ts covers).
 */
export async function backofficeToken(
  app: FastifyInstance,
  mandantId: string,
  roles: BackofficeRole[],
  email = `${roles.join('-') || 'none'}-${Math.random().toString(36).slice(2, 8)}@programm.example`,
): Promise<string> {
  const id = await insertBackofficeUser(app, mandantId, { email, roles });
  return app.sessionTokens.issue('backoffice', mandantId, id);
}
