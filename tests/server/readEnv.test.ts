import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from '../../server/config/readEnv.ts';
import { TEST_FIELD_KEY } from './helpers.ts';

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
    expect(env.options).toMatchObject({ sessionTtlMinutes: 480, demoAccounts: true });
    expect(env.options.sessionSecret).toBeUndefined();
    expect(env.demoShop).toEqual({ port: 8090 });
    expect(env.options.demoShopUrl).toBeUndefined();
  });

  it('refuses DATABASE_URL without DATA_ENCRYPTION_KEY, and a key of the wrong length', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://db/x' })).toThrow(/DATA_ENCRYPTION_KEY is required/);
    expect(() => readEnv({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 bytes/,
    );
  });

  it('reads every variable', () => {
    const env = readEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db/x',
      DATA_ENCRYPTION_KEY: TEST_FIELD_KEY,
      SMTP_URL: 'smtp://mail:25',
      DEFAULT_MANDANT: 'beta',
      MANDANTS_DIR: '/m',
      DIST_DIR: '/d',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'a-secret-of-at-least-thirty-two-bytes',
      SESSION_TTL_MINUTES: '60',
      DEMO_ACCOUNTS: 'false',
      DEMO_SHOP: 'true',
      SHOP_PORT: '9001',
      DEMO_SHOP_URL: 'https://shop.example/',
    });
    expect(env).toEqual({
      port: 9000,
      host: '0.0.0.0',
      demoShop: { port: 9001 },
      demoLoginLinks: false,
      options: {
        mandantsDir: '/m',
        distDir: '/d',
        database: { url: 'postgres://u:p@db/x' },
        defaultMandant: 'beta',
        smtpUrl: 'smtp://mail:25',
        sessionSecret: 'a-secret-of-at-least-thirty-two-bytes',
        dataEncryptionKey: TEST_FIELD_KEY,
        sessionTtlMinutes: 60,
        demoAccounts: false,
        demoShopUrl: 'https://shop.example',
        devMails: false,
        hsts: { enabled: true, includeSubDomains: true },
        logger: { level: 'warn' },
      },
    });
  });

  it.each([
    { PORT: 'eighty' },
    { PORT: '70000' },
    { LOG_LEVEL: 'loud' },
    { SESSION_TTL_MINUTES: '0' },
    { SESSION_TTL_MINUTES: '1.5' },
    { SESSION_TTL_MINUTES: 'eight hours' },
    { DEMO_ACCOUNTS: 'maybe' },
    { DEMO_SHOP: 'maybe' },
    { SHOP_PORT: 'shop' },
    { SHOP_PORT: '65536' },
    { DEMO_SHOP_URL: 'localhost:8090' },
    { DEMO_SHOP_URL: 'ftp://shop.example' },
    { DEMO_SHOP_URL: 'http://shop.example/?x=1' },
  ])('rejects %o', (env) => {
    expect(() => readEnv(env)).toThrow(EnvError);
  });

  it.each([
    ['false', false],
    ['0', false],
    ['OFF', false],
    ['no', false],
    ['true', true],
    ['1', true],
    ['', true],
  ])('reads DEMO_ACCOUNTS=%s as %s', (value, expected) => {
    expect(readEnv({ DEMO_ACCOUNTS: value }).options.demoAccounts).toBe(expected);
  });

  it('refuses a SESSION_SECRET shorter than 32 bytes without echoing it', () => {
    expect(() => readEnv({ SESSION_SECRET: 'short-s3cret' })).toThrow(
      'SESSION_SECRET must be at least 32 bytes long, it has 12',
    );
    // 11 umlauts are 22 bytes in UTF-8; 16 are 32.
    expect(() => readEnv({ SESSION_SECRET: 'ä'.repeat(11) })).toThrow(EnvError);
    expect(readEnv({ SESSION_SECRET: 'ä'.repeat(16) }).options.sessionSecret).toBe('ä'.repeat(16));
  });

  it('creates demo accounts by default only on the embedded database', () => {
    expect(readEnv({}).options.demoAccounts).toBe(true);
    expect(
      readEnv({ DATABASE_URL: 'postgres://db/x', DATA_ENCRYPTION_KEY: TEST_FIELD_KEY }).options.demoAccounts,
    ).toBe(false);
    expect(
      readEnv({ DATABASE_URL: 'postgres://db/x', DATA_ENCRYPTION_KEY: TEST_FIELD_KEY, DEMO_ACCOUNTS: 'true' })
        .options.demoAccounts,
    ).toBe(true);
  });

  it('starts the demo shop by default only on the embedded database, on SHOP_PORT', () => {
    const postgres = { DATABASE_URL: 'postgres://db/x', DATA_ENCRYPTION_KEY: TEST_FIELD_KEY };
    expect(readEnv({ SHOP_PORT: '0' }).demoShop).toEqual({ port: 0 });
    expect(readEnv({ DEMO_SHOP: 'off' }).demoShop).toBeNull();
    expect(readEnv(postgres).demoShop).toBeNull();
    expect(readEnv({ ...postgres, DEMO_SHOP: 'yes' }).demoShop).toEqual({ port: 8090 });
  });

  it('refuses a shop on the platform’s port, unless the shop is off', () => {
    expect(() => readEnv({ PORT: '8090' })).toThrow('SHOP_PORT must differ from PORT (both are 8090)');
    expect(readEnv({ PORT: '8090', DEMO_SHOP: 'false' }).port).toBe(8090);
    expect(readEnv({ PORT: '0' }).demoShop).toEqual({ port: 0 });
    expect(readEnv({ PORT: '0', SHOP_PORT: '9001' }).demoShop).toEqual({ port: 9001 });
  });

  it.each([
    ['true', true],
    ['no', false],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ] as const)('reads TRUST_PROXY=%s', (value, expected) => {
    expect(readEnv({ TRUST_PROXY: value }).options.trustProxy).toBe(expected);
  });

  it.each(['proxy.example', '10.0.0.0/40', 'maybe', '2'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => readEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
  });
});
