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
  await db
    .insertInto('server_secret')
    .values({ name: 'session', value: randomBytes(GENERATED_SECRET_BYTES).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', 'session')
    .executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
