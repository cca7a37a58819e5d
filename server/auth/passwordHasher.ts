import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (the library's default algorithm and parameters: 19 MiB, 2 passes, the
 * OWASP baseline). An object rather than two functions so tests can observe the calls.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that cannot be read. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification against a hash nobody has, so that an unknown e-mail answers as
   * slowly as a wrong password and the timing does not reveal which addresses have an account.
   */
  verifyDummy(password: string): Promise<void>;
}

/** Hashes the dummy at start, so the first unknown e-mail is not the one answer that takes twice as long. */
export async function createPasswordHasher(): Promise<PasswordHasher> {
  const dummy = await hash('no account has this password');
  const hasher: PasswordHasher = {
    hash: (password) => hash(password),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      await hasher.verify(dummy, password);
    },
  };
  return hasher;
}
