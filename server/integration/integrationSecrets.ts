import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** Standard Webhooks secrets: `whsec_` and base64 of at least 24 random bytes. */
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

export interface SecretSources {
  env: Readonly<Record<string, string | undefined>>;
  /** The embedded demo (PGlite): a key without its variable gets a generated secret kept in the database. */
  generateMissing: boolean;
}

/**
 * The secret of one integration key of a mandant (programme.integrationKeys), or undefined when the key
 * is unknown or cannot be used (variable missing or malformed in production: the key is refused like an
 * unknown one, so a misconfiguration never opens the API). Generated secrets are insert-if-missing, so
 * instances starting together agree.
 */
export async function integrationSecret(
  db: Kysely<DatabaseSchema>,
  sources: SecretSources,
  mandant: LoadedMandant,
  keyId: string,
): Promise<string | undefined> {
  const key = mandant.config.programme.integrationKeys.find((entry) => entry.id === keyId);
  if (!key) return undefined;
  const configured = sources.env[key.secretEnv];
  if (configured) return SECRET_PATTERN.test(configured) ? configured : undefined;
  if (!sources.generateMissing) return undefined;
  const name = `integration:${mandant.id}:${key.id}`;
  await db
    .insertInto('server_secret')
    .values({ name, value: `whsec_${randomBytes(32).toString('base64')}` })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
