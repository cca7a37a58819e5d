import { describe, expect, it } from 'vitest';
import { browserHarness } from '../support/browser.ts';
import { FIRST_PAINT_BUDGET_BYTES, kib, measureRouteScripts } from '../support/bundle.ts';
import { mandantIds } from '../support/mandants.ts';

// Size, not time: DESIGN.md's budget of 100 KiB of JavaScript, brotli bytes on the wire, to make the home
// route interactive (every script until the page is ready, as the server sends it for Accept-Encoding: br).
const harness = browserHarness();

describe('front-end budget', () => {
  it.each(mandantIds())('home route of %s stays within 100 KiB brotli on the wire', async (mandant) => {
    const route = await measureRouteScripts(harness.browser, `${harness.server.url(mandant)}/de/`);
    expect(route.scripts.length).toBeGreaterThan(0);
    const listing = route.scripts.map((s) => `${s.url} ${kib(s.brBytes)}`).join(', ');
    // Compressed, not sent as it is: brotli wins over gzip for every script worth compressing.
    expect(route.brBytes, listing).toBeLessThan(route.gzipBytes);
    expect(route.gzipBytes).toBeLessThan(route.bytes / 2);
    expect(route.brBytes, `${kib(route.brBytes)}: ${listing}`).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES);
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
