import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

const GENERATED_SECRET_BYTES = 64;

/**
 * The key material for tokens and rate-limit keys: the configured secret (SESSION_SECRET), or one
 * generated on the first start and kept in `server_secret`. Insert-if-missing and then read, so instances
 * starting together over one PostgreSQL all end up with the row the first of them wrote.
 */
export async function loadServerSecret(
  db: Kysely<DatabaseSchema>,
  configured: string | undefined,
): Promise<Uint8Array> {
  if (configured !== undefined) return new Uint8Array(Buffer.from(configured, 'utf8'));
  const value = await generatedSecret(db, 'session', () =>
    randomBytes(GENERATED_SECRET_BYTES).toString('base64'),
  );
  return new Uint8Array(Buffer.from(value, 'base64'));
}

/**
 * A secret generated once and kept in `server_secret` under `name`: insert-if-missing, then read, so
 * instances starting together over one PostgreSQL all end up with the value the first of them wrote.
 */
export async function generatedSecret(
  db: Kysely<DatabaseSchema>,
  name: string,
  generate: () => string,
): Promise<string> {
  await db
    .insertInto('server_secret')
    .values({ name, value: generate() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
