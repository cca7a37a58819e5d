import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { FIRST_PAINT_BUDGET_BYTES, kib, measureRouteScripts } from '../support/bundle.ts';
import { mandantIds } from '../support/mandants.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// Size, not time: DESIGN.md's budget of 100 KiB gzipped JavaScript before first paint of the home route.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('front-end budget', () => {
  it.each(mandantIds())('home route of %s stays within 100 KiB gzip', async (mandant) => {
    const route = await measureRouteScripts(browser, `${server.url(mandant)}/de/`);
    expect(route.scripts.length).toBeGreaterThan(0);
    expect(
      route.gzipBytes,
      `${kib(route.gzipBytes)}: ${route.scripts.map((s) => s.url).join(', ')}`,
    ).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES);
  });

  it('the entry chunk holds no HTTP client and no form library (they load lazily)', async () => {
    const route = await measureRouteScripts(browser, `${server.url()}/de/`);
    const bodies = await Promise.all(
      route.scripts.map((s) => fetch(`${server.url()}${s.url}`).then((r) => r.text())),
    );
    const joined = bodies.join('\n');
    expect(joined).not.toContain('Request failed with status code');
    expect(joined).not.toMatch(/@rjsf|react-jsonschema-form/);
  });
});
