import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/buildApp.ts';
import { formatProblem, MandantConfigError } from '../../server/mandants/MandantConfigError.ts';
import { VALID_MANDANTS } from './helpers.ts';

/** Issue 18: the server start runs the same validator as `validate`, the go-live checks on request. */
describe('the start with MANDANT_CHECKS=go-live', () => {
  it('refuses mandants that would go live without a logo, naming file and pointer', async () => {
    const app = buildApp({ mandantsDir: VALID_MANDANTS, env: { MANDANT_CHECKS: 'go-live' } });
    const error = await app.ready().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await app.close();
    expect(error).toBeInstanceOf(MandantConfigError);
    const problems = (error as MandantConfigError).problems.map(formatProblem);
    expect(problems).toContainEqual(
      expect.stringMatching(/_base\/mandant\.json \/theme\/logo: theme\.logo is not set/),
    );
  });
});
