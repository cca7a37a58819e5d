import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generatedSecret } from '../auth/loadServerSecret.ts';
import type { ServerConfig } from '../config/ServerConfig.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** Standard Webhooks secrets: `whsec_` and base64 of at least 24 random bytes. */
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** Where secrets come from: the environment; on the embedded database (no URL) also generated ones. */
export type SecretSources = Pick<ServerConfig, 'env' | 'database'>;

/**
 * The secret of one integration key of a mandant (programme.integrationKeys), or undefined when the key
 * is unknown or cannot be used (variable missing or malformed in production: the key is refused like an
 * unknown one, so a misconfiguration never opens the API). The embedded demo generates a missing one
 * (`generatedSecret`, shared by every instance over the database).
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
  // Only the embedded demo (PGlite) generates a missing secret; production refuses the key instead.
  if (sources.database.url !== undefined) return undefined;
  return generatedSecret(
    db,
    `integration:${mandant.id}:${key.id}`,
    () => `whsec_${randomBytes(32).toString('base64')}`,
  );
}
