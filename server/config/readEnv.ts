import path from 'node:path';
import type { BuildAppOptions } from './ServerConfig.ts';

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
      logger: { level },
    },
  };
}
