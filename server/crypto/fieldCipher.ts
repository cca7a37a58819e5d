import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM for single fields at rest (IBANs). */
export interface FieldCipher {
  /**
   * Encrypts `plain`; `context` (e.g. the mandant id and the table) is bound as associated data, so a
   * ciphertext copied into another mandant's row does not decrypt.
   */
  encrypt(plain: string, context: string): string;
  /** The plain text, or throws when the ciphertext was altered, belongs elsewhere or used another key. */
  decrypt(stored: string, context: string): string;
}

export const FIELD_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored values start with the format version, so a later key rotation can tell old from new. */
const PREFIX = 'v1:';

export function createFieldCipher(key: Uint8Array): FieldCipher {
  if (key.byteLength !== FIELD_KEY_BYTES) {
    throw new Error(`the field encryption key must be ${FIELD_KEY_BYTES} bytes, it has ${key.byteLength}`);
  }
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored, context) {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown field cipher format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      if (raw.byteLength < IV_BYTES + TAG_BYTES) throw new Error('field ciphertext too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** A key given as base64 (DATA_ENCRYPTION_KEY), checked for length. */
export function parseFieldKey(base64: string): Uint8Array {
  const key = new Uint8Array(Buffer.from(base64, 'base64'));
  if (key.byteLength !== FIELD_KEY_BYTES) {
    throw new Error(
      `DATA_ENCRYPTION_KEY must be ${FIELD_KEY_BYTES} bytes in base64, it has ${key.byteLength}`,
    );
  }
  return key;
}
