import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../server/crypto/fieldCipher.ts';
import { FIELD_KEY_FILE, loadFieldKey } from '../../server/crypto/loadFieldKey.ts';

const IBAN = 'DE89370400440532013000';

describe('field cipher (IBANs at rest, AES-256-GCM)', () => {
  const cipher = createFieldCipher(new Uint8Array(32).fill(1));

  it('round-trips, and never stores the plain text', () => {
    const stored = cipher.encrypt(IBAN, 'alpha:recipient');
    expect(stored).not.toContain(IBAN);
    expect(stored.startsWith('v1:')).toBe(true);
    expect(cipher.decrypt(stored, 'alpha:recipient')).toBe(IBAN);
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt(IBAN, 'a')).not.toBe(cipher.encrypt(IBAN, 'a'));
  });

  it('refuses another context, another key and altered ciphertext', () => {
    const stored = cipher.encrypt(IBAN, 'alpha:recipient');
    expect(() => cipher.decrypt(stored, 'beta:recipient')).toThrow();
    expect(() => createFieldCipher(new Uint8Array(32).fill(2)).decrypt(stored, 'alpha:recipient')).toThrow();
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => cipher.decrypt(`v1:${raw.toString('base64')}`, 'alpha:recipient')).toThrow();
  });

  it('rejects keys that are not 32 bytes', () => {
    expect(() => createFieldCipher(new Uint8Array(16))).toThrow(/32 bytes/);
  });
});

describe('loadFieldKey', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('generates the key once into the data directory (mode 0600) and reads it back', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'field-key-'));
    const first = await loadFieldKey({ configured: undefined, dataDir: dir });
    const second = await loadFieldKey({ configured: undefined, dataDir: dir });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const file = path.join(dir, FIELD_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(Buffer.from(first).toString('base64'));
  });

  it('prefers the configured key', async () => {
    const configured = Buffer.alloc(32, 9).toString('base64');
    const key = await loadFieldKey({ configured, dataDir: undefined });
    expect(Buffer.from(key).toString('base64')).toBe(configured);
  });
});
