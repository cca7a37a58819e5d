import { Fingerprints } from '../crypto/Fingerprints.ts';
import { createFieldCipher, type FieldCipher } from '../crypto/fieldCipher.ts';
import { loadFieldKey } from '../crypto/loadFieldKey.ts';
import { globalPlugin } from './globalPlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts fields at rest (IBANs): `app.fieldCipher.encrypt(iban, \`${mandantId}:recipient\`)`. */
    fieldCipher: FieldCipher;
    /** Keyed fingerprints for equality lookups of IBANs and clients (server/crypto/Fingerprints.ts). */
    fingerprints: Fingerprints;
  }
}

export const cryptoPlugin = globalPlugin('crypto', async (app) => {
  const { dataEncryptionKey, database } = app.config;
  const key = await loadFieldKey({
    configured: dataEncryptionKey,
    dataDir: database.url ? undefined : database.dataDir,
  });
  app.decorate('fieldCipher', createFieldCipher(key));
  app.decorate('fingerprints', new Fingerprints(key));
});
