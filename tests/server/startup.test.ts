import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/buildApp.ts';
import { DatabaseUnavailableError } from '../../server/db/DatabaseUnavailableError.ts';
import { MandantConfigError } from '../../server/mandants/MandantConfigError.ts';
import { INVALID_MANDANTS, VALID_MANDANTS } from './helpers.ts';

describe('start failures a person can fix', () => {
  it('rejects ready() with MandantConfigError when a mandant file is broken', async () => {
    const app = buildApp({ mandantsDir: INVALID_MANDANTS });
    const error = await app.ready().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await app.close();
    expect(error).toBeInstanceOf(MandantConfigError);
    expect((error as MandantConfigError).problems.length).toBeGreaterThan(10);
  });

  it('names an unreachable PostgreSQL server without its password', async () => {
    const app = buildApp({
      mandantsDir: VALID_MANDANTS,
      database: { url: 'postgres://app:s3cret-pw@127.0.0.1:1/referrals' },
    });
    const error = await app.ready().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await app.close();
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    const { message } = error as Error;
    expect(message).toMatch(
      /^Cannot reach the database postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/referrals: .*ECONNREFUSED/,
    );
    expect(message).not.toContain('s3cret-pw');
  });
});
