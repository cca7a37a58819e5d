import type { Kysely } from 'kysely';
import type { ProgrammeConfig } from '../../schemas/api.ts';
import type { FieldCipher } from '../crypto/fieldCipher.ts';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';

/** An endpoint as the sender sees it: where, and which events (undefined: all). */
export interface WebhookTarget {
  url: string;
  events?: readonly string[];
}

/** The encryption context of a back-office endpoint's secret (table webhook_endpoint). */
export const webhookEndpointCipherContext = (mandantId: string, endpointId: string): string =>
  `${mandantId}:webhook-endpoint:${endpointId}`;

/**
 * The endpoints of a mandant: those made in the back office (table webhook_endpoint, issue 15) and those of
 * the config (`programme.webhooks`). Read in the caller's executor (the transition's transaction).
 */
export async function webhookTargets(
  db: Kysely<DatabaseSchema>,
  mandantId: string,
  configured: Readonly<ProgrammeConfig['webhooks']>,
): Promise<WebhookTarget[]> {
  const stored = await db
    .selectFrom('webhook_endpoint')
    .select(['url', 'events'])
    .where('mandant_id', '=', mandantId)
    .execute();
  return [
    ...stored.map((row) => ({ url: row.url, ...(row.events ? { events: row.events } : {}) })),
    ...configured,
  ];
}

/**
 * The secret for a delivery's URL, looked up at send time: a back-office endpoint first (decrypted), then the
 * config's variable. Undefined: the endpoint is gone or its variable missing (`not_configured`).
 */
export async function webhookSecretFor(
  db: Kysely<DatabaseSchema>,
  cipher: FieldCipher,
  env: Readonly<Record<string, string | undefined>>,
  mandantId: string,
  url: string,
  configured: Readonly<ProgrammeConfig['webhooks']>,
): Promise<string | undefined> {
  const stored = await db
    .selectFrom('webhook_endpoint')
    .select(['id', 'secret_encrypted'])
    .where('mandant_id', '=', mandantId)
    .where('url', '=', url)
    .executeTakeFirst();
  if (stored)
    return cipher.decrypt(stored.secret_encrypted, webhookEndpointCipherContext(mandantId, stored.id));
  const endpoint = configured.find((entry) => entry.url === url);
  return (endpoint && env[endpoint.secretEnv]) || undefined;
}
