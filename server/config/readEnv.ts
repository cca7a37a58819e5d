import { isIP } from 'node:net';
import path from 'node:path';
import { parseFieldKey } from '../crypto/fieldCipher.ts';
import {
  type BuildAppOptions,
  DEFAULT_SESSION_TTL_MINUTES,
  isSessionTtl,
  sessionSecretProblem,
} from './ServerConfig.ts';

/** Start settings from the environment (documented in server/README.md). */
export interface ServerEnv {
  port: number;
  host: string;
  options: BuildAppOptions;
}

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

export function readEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EnvError(`PORT must be a port number (0-65535), not "${env.PORT}"`);
  }
  const level = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(level)) {
    throw new EnvError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${level}"`);
  }
  const url = env.DATABASE_URL || undefined;
  const sessionSecret = env.SESSION_SECRET || undefined;
  const secretProblem = sessionSecretProblem(sessionSecret);
  // The value itself is never echoed: it is a secret.
  if (secretProblem) throw new EnvError(`SESSION_SECRET ${secretProblem}`);
  const dataEncryptionKey = env.DATA_ENCRYPTION_KEY || undefined;
  if (dataEncryptionKey) {
    try {
      parseFieldKey(dataEncryptionKey);
    } catch {
      throw new EnvError('DATA_ENCRYPTION_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)');
    }
  } else if (url) {
    // Several instances over one database must share the key; a generated one would lock the others out.
    throw new EnvError('DATA_ENCRYPTION_KEY is required with DATABASE_URL (e.g. `openssl rand -base64 32`)');
  }
  const sessionTtlMinutes = Number(env.SESSION_TTL_MINUTES || DEFAULT_SESSION_TTL_MINUTES);
  if (!isSessionTtl(sessionTtlMinutes)) {
    throw new EnvError(
      `SESSION_TTL_MINUTES must be a whole number of minutes (1 to 525600), not "${env.SESSION_TTL_MINUTES}"`,
    );
  }
  return {
    port,
    host: env.HOST || 'localhost',
    options: {
      mandantsDir: env.MANDANTS_DIR || './mandants',
      distDir: env.DIST_DIR || './dist',
      // With DATABASE_URL the data directory is not used for the database (it will hold other files later).
      database: url ? { url } : { dataDir: path.resolve(env.DATA_DIR || './data') },
      defaultMandant: env.DEFAULT_MANDANT || undefined,
      smtpUrl: env.SMTP_URL || undefined,
      sessionSecret,
      ...(dataEncryptionKey ? { dataEncryptionKey } : {}),
      sessionTtlMinutes,
      // Demo logins with published passwords belong to the embedded demo, not to a real database.
      demoAccounts: readFlag(env, 'DEMO_ACCOUNTS', url === undefined),
      ...trustProxyOption(env.TRUST_PROXY),
      logger: { level },
    },
  };
}

function readFlag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return fallback;
  if (TRUE_WORDS.includes(value)) return true;
  if (FALSE_WORDS.includes(value)) return false;
  throw new EnvError(`${name} must be true or false, not "${env[name]}"`);
}

/** TRUST_PROXY: true/false, or proxy addresses/CIDRs separated by commas (Fastify's trustProxy). */
function trustProxyOption(raw: string | undefined): { trustProxy?: boolean | string } {
  const value = raw?.trim();
  if (!value) return {};
  const word = value.toLowerCase();
  if (TRUE_WORDS.includes(word)) return { trustProxy: true };
  if (FALSE_WORDS.includes(word)) return { trustProxy: false };
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits] = entry.split('/');
    const version = isIP(address);
    return (
      version !== 0 &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)))
    );
  });
  if (!valid) {
    throw new EnvError(
      `TRUST_PROXY must be true, false or proxy addresses/CIDRs separated by commas, not "${raw}"`,
    );
  }
  return { trustProxy: entries.join(',') };
}
