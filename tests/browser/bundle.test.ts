import { describe, expect, it } from 'vitest';
import { browserHarness } from '../support/browser.ts';
import { FIRST_PAINT_BUDGET_BYTES, kib, measureRouteScripts } from '../support/bundle.ts';
import { mandantIds } from '../support/mandants.ts';

// Size, not time: DESIGN.md's budget of 100 KiB gzipped JavaScript before first paint of the home route.
const harness = browserHarness();

describe('front-end budget', () => {
  it.each(mandantIds())('home route of %s stays within 100 KiB gzip', async (mandant) => {
    const route = await measureRouteScripts(harness.browser, `${harness.server.url(mandant)}/de/`);
    expect(route.scripts.length).toBeGreaterThan(0);
    expect(
      route.gzipBytes,
      `${kib(route.gzipBytes)}: ${route.scripts.map((s) => s.url).join(', ')}`,
    ).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES);
  });

  it('the entry chunk holds no HTTP client and no form library (they load lazily)', async () => {
    const route = await measureRouteScripts(harness.browser, `${harness.server.url()}/de/`);
    const bodies = await Promise.all(
      route.scripts.map((s) => fetch(`${harness.server.url()}${s.url}`).then((r) => r.text())),
    );
    const joined = bodies.join('\n');
    expect(joined).not.toContain('Request failed with status code');
    expect(joined).not.toMatch(/@rjsf|react-jsonschema-form/);
  });
});
