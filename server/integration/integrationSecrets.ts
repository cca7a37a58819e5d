import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { generatedSecret } from '../auth/loadServerSecret.ts';
import type { ServerConfig } from '../config/ServerConfig.ts';
import type { FieldCipher } from '../crypto/fieldCipher.ts';
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

/** The encryption context of a stored key's secret: a ciphertext copied to another mandant or key does not decrypt. */
export const integrationKeyCipherContext = (mandantId: string, keyId: string): string =>
  `${mandantId}:integration-key:${keyId}`;

/** `whsec_` and base64 of 32 random bytes: a new secret for a key or webhook endpoint. */
export function newIntegrationSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The secrets a signed request under `keyId` may use now (issue 15): a key made in the back office
 * (table integration_key) first — its current secret, and after a rotation the previous one until the
 * overlap ends; a revoked key none — else the mandant's config key (`integrationSecret`). Empty: refused.
 */
export async function acceptedIntegrationSecrets(
  db: Kysely<DatabaseSchema>,
  cipher: FieldCipher,
  sources: SecretSources,
  mandant: LoadedMandant,
  keyId: string,
): Promise<string[]> {
  const stored = await db
    .selectFrom('integration_key')
    .select([
      'status',
      'secret_encrypted',
      'previous_secret_encrypted',
      sql<boolean>`coalesce(previous_expires_at > now(), false)`.as('overlap'),
    ])
    .where('mandant_id', '=', mandant.id)
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (stored) {
    if (stored.status !== 'active') return [];
    const context = integrationKeyCipherContext(mandant.id, keyId);
    const secrets = [cipher.decrypt(stored.secret_encrypted, context)];
    if (stored.overlap && stored.previous_secret_encrypted) {
      secrets.push(cipher.decrypt(stored.previous_secret_encrypted, context));
    }
    return secrets;
  }
  const configured = await integrationSecret(db, sources, mandant, keyId);
  return configured ? [configured] : [];
}
