import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from '../../server/config/readEnv.ts';

describe('readEnv', () => {
  it('has defaults for a local start', () => {
    const env = readEnv({});
    expect(env.port).toBe(8080);
    expect(env.host).toBe('localhost');
    expect(env.options).toMatchObject({
      mandantsDir: './mandants',
      distDir: './dist',
      database: { dataDir: path.resolve('./data') },
      logger: { level: 'info' },
    });
    expect(env.options.defaultMandant).toBeUndefined();
  });

  it('reads every variable', () => {
    const env = readEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db/x',
      SMTP_URL: 'smtp://mail:25',
      DEFAULT_MANDANT: 'beta',
      MANDANTS_DIR: '/m',
      DIST_DIR: '/d',
      LOG_LEVEL: 'warn',
    });
    expect(env).toEqual({
      port: 9000,
      host: '0.0.0.0',
      options: {
        mandantsDir: '/m',
        distDir: '/d',
        database: { url: 'postgres://u:p@db/x' },
        defaultMandant: 'beta',
        smtpUrl: 'smtp://mail:25',
        logger: { level: 'warn' },
      },
    });
  });

  it.each([{ PORT: 'eighty' }, { PORT: '70000' }, { LOG_LEVEL: 'loud' }])('rejects %o', (env) => {
    expect(() => readEnv(env)).toThrow(EnvError);
  });
});
