import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FIELD_KEY_BYTES, parseFieldKey } from './fieldCipher.ts';

export const FIELD_KEY_FILE = 'encryption.key';

/**
 * The key for fields encrypted at rest. Given (DATA_ENCRYPTION_KEY) it is used as is. The embedded
 * default keeps a generated key in the data directory next to the database, written once with mode 0600.
 * Without either (in-memory databases, and test apps over PostgreSQL) a fresh key lives as long as the
 * process. The production entry (readEnv) refuses DATABASE_URL without DATA_ENCRYPTION_KEY: instances
 * would each invent their own key and lock each other out of the data.
 */
export async function loadFieldKey(options: {
  configured: string | undefined;
  dataDir: string | undefined;
}): Promise<Uint8Array> {
  if (options.configured) return parseFieldKey(options.configured);
  if (!options.dataDir) return new Uint8Array(randomBytes(FIELD_KEY_BYTES));
  const file = path.join(options.dataDir, FIELD_KEY_FILE);
  try {
    return parseFieldKey((await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const generated = randomBytes(FIELD_KEY_BYTES).toString('base64');
  // 'wx' fails if another process wrote the file in between; then its key wins.
  await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return parseFieldKey((await readFile(file, 'utf8')).trim());
}
