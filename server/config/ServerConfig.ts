import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { DatabaseOptions } from '../db/Database.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../rateLimit/RateLimiter.ts';

/** What buildApp needs to know; main.ts fills it from the environment, tests from fixtures. */
export interface BuildAppOptions {
  /** Folder with `_base/` and one folder per mandant. */
  mandantsDir: string;
  /** The built runtime (vite build output). Without it pages answer 503 with a hint to build. */
  distDir?: string;
  /** Neither url nor dataDir → in-memory PGlite. */
  database?: DatabaseOptions;
  /** Overrides `default: true` in the mandant files. */
  defaultMandant?: string;
  /** Accepted now, used by the mail issue. */
  smtpUrl?: string;
  /** false (default) for silence, or pino options; the stream option lets tests read the log. */
  logger?: boolean | LoggerOptions;
  /**
   * Key that signs session tokens, at least 32 bytes (SESSION_SECRET). Unset: one is generated once and
   * kept in the database, so every instance over it and every restart share it.
   */
  sessionSecret?: string;
  /**
   * Key for fields encrypted at rest (IBANs), 32 bytes in base64 (DATA_ENCRYPTION_KEY). Unset: generated
   * once into the data directory, or per process for an in-memory database.
   */
  dataEncryptionKey?: string;
  /** Lifetime of a session token in minutes (SESSION_TTL_MINUTES); default 480. */
  sessionTtlMinutes?: number;
  /** Create the accounts of `mandants/{id}/demo/accounts.json` at start (DEMO_ACCOUNTS); default true. */
  demoAccounts?: boolean;
  /**
   * Behind a load balancer: which proxies to trust for X-Forwarded-For/-Host/-Proto (TRUST_PROXY) — true,
   * or a comma-separated list of addresses/CIDRs. Without it, host mapping and rate limits
   * would see the proxy instead of the browser.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Attempt limits; each one given replaces its default (tests lower them). */
  rateLimits?: Partial<RateLimitSettings>;
  /**
   * Redis for the rate limits and login throttle (REDIS_URL), e.g. `redis://127.0.0.1:6379`. Unset: the
   * counters live in PostgreSQL (table rate_limit). Every instance of one deployment uses the same.
   */
  redisUrl?: string;
  /** Prefix of every Redis key (default `psof:`): tests give each run its own. */
  redisKeyPrefix?: string;
  /**
   * Where the secrets that mandant files name by variable are read (integration keys, webhook secrets);
   * default process.env.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** The programme's clock (claim periods, expiry, reward periods); tests pass one they control. */
  clock?: Clock;
  /**
   * Where the demo shop stand-in (server/shop/) takes orders, e.g. `http://localhost:8090` (DEMO_SHOP_URL):
   * product links then lead to `{url}/{mandant}/` instead of the client's site (MandantUrl). A function is
   * asked at each product link, because main.ts starts the shop only after the platform listens.
   */
  demoShopUrl?: string | (() => string | undefined);
  /**
   * The dev mail view `/dev/mails` (DEV_MAILS): only when asked for, and only without SMTP_URL. Default
   * false: the outbox holds working set-password links. `npm start` turns it on.
   */
  devMails?: boolean;
  /**
   * Strict-Transport-Security on answers to HTTPS requests (a TLS socket, or `X-Forwarded-Proto: https`
   * from a trusted proxy): on by default (HSTS), `includeSubDomains` by default too (HSTS_INCLUDE_SUBDOMAINS).
   */
  hsts?: { enabled?: boolean; includeSubDomains?: boolean };
}

/** "Now" for the programme's rules. The system clock in production; tests move it forward. */
export interface Clock {
  now(): Date;
}

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

export interface LoggerOptions {
  level?: string;
  stream?: { write(line: string): void };
}

/** The resolved configuration the app decorates itself with (`app.config`). Paths are absolute. */
export interface ServerConfig {
  mandantsDir: string;
  distDir: string | undefined;
  database: DatabaseOptions;
  defaultMandant: string | undefined;
  smtpUrl: string | undefined;
  sessionSecret: string | undefined;
  dataEncryptionKey: string | undefined;
  sessionTtlMinutes: number;
  /** How long a single-use admin login link works. */
  loginTokenTtlMinutes: number;
  demoAccounts: boolean;
  rateLimits: RateLimitSettings;
  /** Where rate-limit counters live: Redis when set (REDIS_URL), else PostgreSQL. */
  redis: { url: string; keyPrefix: string } | undefined;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  /** The demo shop's address without a trailing slash, or undefined when product links go to MandantUrl. */
  demoShopUrl: () => string | undefined;
  devMails: boolean;
  hsts: HstsSettings;
}

export interface HstsSettings {
  enabled: boolean;
  includeSubDomains: boolean;
}

export const DEFAULT_SESSION_TTL_MINUTES = 480;
export const LOGIN_TOKEN_TTL_MINUTES = 60;
/** HS256 needs a key at least as long as its 256-bit hash (RFC 7518, section 3.2). */
export const SESSION_SECRET_MIN_BYTES = 32;
/** A year: longer sessions are a mistake in the variable, not a wish. */
const SESSION_TTL_MAX_MINUTES = 525_600;

export function resolveServerConfig(options: BuildAppOptions): ServerConfig {
  const database = options.database ?? {};
  const sessionSecret = options.sessionSecret || undefined;
  const secretProblem = sessionSecretProblem(sessionSecret);
  if (secretProblem) throw new Error(`sessionSecret ${secretProblem}`);
  const sessionTtlMinutes = options.sessionTtlMinutes ?? DEFAULT_SESSION_TTL_MINUTES;
  if (!isSessionTtl(sessionTtlMinutes)) {
    throw new Error(`sessionTtlMinutes must be a whole number from 1 to ${SESSION_TTL_MAX_MINUTES}`);
  }
  return {
    mandantsDir: path.resolve(options.mandantsDir),
    distDir: options.distDir ? path.resolve(options.distDir) : undefined,
    database: {
      ...database,
      ...(database.dataDir ? { dataDir: path.resolve(database.dataDir) } : {}),
    },
    defaultMandant: options.defaultMandant || undefined,
    smtpUrl: options.smtpUrl || undefined,
    sessionSecret,
    dataEncryptionKey: options.dataEncryptionKey || undefined,
    sessionTtlMinutes,
    loginTokenTtlMinutes: LOGIN_TOKEN_TTL_MINUTES,
    demoAccounts: options.demoAccounts ?? true,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    redis: options.redisUrl
      ? { url: options.redisUrl, keyPrefix: options.redisKeyPrefix ?? 'psof:' }
      : undefined,
    env: options.env ?? process.env,
    clock: options.clock ?? SYSTEM_CLOCK,
    demoShopUrl: shopUrlReader(options.demoShopUrl),
    devMails: options.devMails ?? false,
    hsts: {
      enabled: options.hsts?.enabled ?? true,
      includeSubDomains: options.hsts?.includeSubDomains ?? true,
    },
  };
}

function shopUrlReader(option: BuildAppOptions['demoShopUrl']): () => string | undefined {
  const trimmed = (url: string | undefined) => url?.replace(/\/+$/, '') || undefined;
  if (typeof option === 'function') return () => trimmed(option());
  const fixed = trimmed(option);
  return () => fixed;
}

/** Why a session secret cannot be used, or undefined when it can (or is not given). */
export function sessionSecretProblem(secret: string | undefined): string | undefined {
  if (secret === undefined) return undefined;
  const bytes = Buffer.byteLength(secret, 'utf8');
  return bytes < SESSION_SECRET_MIN_BYTES
    ? `must be at least ${SESSION_SECRET_MIN_BYTES} bytes long, it has ${bytes}`
    : undefined;
}

export function isSessionTtl(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= SESSION_TTL_MAX_MINUTES;
}
