import type { FastifyInstance } from 'fastify';
import { integrationSecret } from '../integration/integrationSecrets.ts';

/** The id of the integration key the demo mandants give their shop (mandant.json `programme`). */
export const SHOP_KEY_ID = 'shop';

/**
 * The secret of a mandant's shop key, read as the platform reads it when it checks a signature
 * (`integrationSecret`): the variable named by the key, or on the embedded demo the secret generated into
 * the database. Undefined for an unknown mandant or one without the key.
 */
export function platformShopSecret(
  platform: FastifyInstance,
  keyId: string = SHOP_KEY_ID,
): (mandantId: string) => Promise<string | undefined> {
  return async (mandantId) => {
    const mandant = platform.mandants.get(mandantId);
    if (!mandant) return undefined;
    return integrationSecret(platform.database.kysely, platform.config, mandant, keyId);
  };
}
