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
  /** The demo shop stand-in (server/shop/) main.ts starts beside the platform, or null when it is off. */
  demoShop: { port: number } | null;
  /**
   * Print live login links (one-time admin links, agency tokens, reward links) of the demo accounts at
   * start (DEMO_LOGIN_LINKS; on with `--demo`, which `npm start` passes). Never for anything but demo accounts.
   */
  demoLoginLinks: boolean;
  /** Print the demo logins of this mandant only (DEMO_LOGINS_OF; `npm run mandant -- preview NAME` sets it). */
  demoLoginsOf?: string;
}

/** What the command line adds: `--demo` (npm start) turns on the demo aids that are off by default. */
export interface StartArguments {
  demo?: boolean;
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

export function readEnv(env: NodeJS.ProcessEnv, args: StartArguments = {}): ServerEnv {
  const port = readPort(env, 'PORT', 8080);
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
  // The shop stand-in reports orders with a published demo key: it belongs to the embedded demo too.
  const demoShop = readFlag(env, 'DEMO_SHOP', url === undefined);
  // A platform on any free port (tests, several starts at once) gets its shop on one too.
  const shopPort = readPort(env, 'SHOP_PORT', port === 0 ? 0 : 8090);
  if (demoShop && shopPort !== 0 && shopPort === port) {
    throw new EnvError(`SHOP_PORT must differ from PORT (both are ${port})`);
  }
  const demoShopUrl = readShopUrl(env.DEMO_SHOP_URL);
  const demo = args.demo === true;
  return {
    port,
    host: env.HOST || 'localhost',
    demoShop: demoShop ? { port: shopPort } : null,
    demoLoginLinks: readFlag(env, 'DEMO_LOGIN_LINKS', demo),
    ...(env.DEMO_LOGINS_OF ? { demoLoginsOf: env.DEMO_LOGINS_OF } : {}),
    options: {
      mandantsDir: env.MANDANTS_DIR || './mandants',
      distDir: env.DIST_DIR || './dist',
      // With DATABASE_URL the data directory is not used for the database (it will hold other files later).
      database: url ? { url } : { dataDir: path.resolve(env.DATA_DIR || './data') },
      defaultMandant: env.DEFAULT_MANDANT || undefined,
      smtpUrl: env.SMTP_URL || undefined,
      ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
      sessionSecret,
      ...(dataEncryptionKey ? { dataEncryptionKey } : {}),
      sessionTtlMinutes,
      // Demo logins with published passwords belong to the embedded demo, not to a real database.
      demoAccounts: readFlag(env, 'DEMO_ACCOUNTS', url === undefined),
      ...trustProxyOption(env.TRUST_PROXY),
      ...(demoShopUrl ? { demoShopUrl } : {}),
      // The outbox holds working links: served only when asked for (npm start passes --demo).
      devMails: readFlag(env, 'DEV_MAILS', demo),
      hsts: {
        enabled: readFlag(env, 'HSTS', true),
        includeSubDomains: readFlag(env, 'HSTS_INCLUDE_SUBDOMAINS', true),
      },
      logger: { level },
    },
  };
}

function readPort(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const port = Number(env[name] ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EnvError(`${name} must be a port number (0-65535), not "${env[name]}"`);
  }
  return port;
}

/** DEMO_SHOP_URL: where product links send the friend to order instead of MandantUrl (an http(s) origin). */
function readShopUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new EnvError(`DEMO_SHOP_URL must be an http(s) address like http://localhost:8090, not "${raw}"`);
  }
  return value.replace(/\/+$/, '');
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
