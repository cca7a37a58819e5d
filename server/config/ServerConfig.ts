import path from 'node:path';
import type { DatabaseOptions } from '../db/Database.ts';

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
}

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
}

export function resolveServerConfig(options: BuildAppOptions): ServerConfig {
  const database = options.database ?? {};
  return {
    mandantsDir: path.resolve(options.mandantsDir),
    distDir: options.distDir ? path.resolve(options.distDir) : undefined,
    database: {
      ...database,
      ...(database.dataDir ? { dataDir: path.resolve(database.dataDir) } : {}),
    },
    defaultMandant: options.defaultMandant || undefined,
    smtpUrl: options.smtpUrl || undefined,
  };
}
