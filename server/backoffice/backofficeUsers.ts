import type { Kysely } from 'kysely';
import type { BackofficeRole } from '../../domain/backofficeAbilities.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

type Db = Kysely<DatabaseSchema>;

/** A member of the client's programme team as the server works with it (table backoffice_user). */
export interface BackofficeUser {
  id: string;
  mandantId: string;
  email: string;
  name: string;
  roles: BackofficeRole[];
  status: 'active' | 'inactive';
  passwordHash: string | null;
  passwordChangedAt: Date | null;
  totpSecretEncrypted: string | null;
  totpConfirmedAt: Date | null;
  ssoSubject: string | null;
}

const COLUMNS = [
  'id',
  'mandant_id',
  'email',
  'name',
  'roles',
  'status',
  'password_hash',
  'password_changed_at',
  'totp_secret_encrypted',
  'totp_confirmed_at',
  'sso_subject',
] as const;

function toUser(row: {
  id: string;
  mandant_id: string;
  email: string;
  name: string;
  roles: BackofficeRole[];
  status: 'active' | 'inactive';
  password_hash: string | null;
  password_changed_at: Date | null;
  totp_secret_encrypted: string | null;
  totp_confirmed_at: Date | null;
  sso_subject: string | null;
}): BackofficeUser {
  return {
    id: row.id,
    mandantId: row.mandant_id,
    email: row.email,
    name: row.name,
    roles: row.roles,
    status: row.status,
    passwordHash: row.password_hash,
    passwordChangedAt: row.password_changed_at,
    totpSecretEncrypted: row.totp_secret_encrypted,
    totpConfirmedAt: row.totp_confirmed_at,
    ssoSubject: row.sso_subject,
  };
}

export async function findBackofficeUserById(
  db: Db,
  mandantId: string,
  id: string,
): Promise<BackofficeUser | undefined> {
  const row = await db
    .selectFrom('backoffice_user')
    .select(COLUMNS)
    .where('mandant_id', '=', mandantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toUser(row);
}

/** By normalised e-mail (the caller normalises). */
export async function findBackofficeUserByEmail(
  db: Db,
  mandantId: string,
  email: string,
): Promise<BackofficeUser | undefined> {
  const row = await db
    .selectFrom('backoffice_user')
    .select(COLUMNS)
    .where('mandant_id', '=', mandantId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toUser(row);
}

/** A session issued before the password changed ends (like the agency's, issue 14). */
export function endedByPasswordChange(
  user: Pick<BackofficeUser, 'passwordChangedAt'>,
  issuedAt: number,
): boolean {
  return user.passwordChangedAt !== null && Math.floor(user.passwordChangedAt.getTime() / 1000) > issuedAt;
}
