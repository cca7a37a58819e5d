import { describe, expect, it } from 'vitest';
import { browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { FIRST_PAINT_BUDGET_BYTES, kib, scriptSize } from '../support/bundle.ts';
import { seedRecommendation } from '../support/seedRecommendation.ts';

/**
 * DESIGN "Front-end budget": the recipient landing route loads at most 100 KiB of JavaScript before
 * first paint, counted as brotli bytes on the wire (each script requested from the server again with
 * `Accept-Encoding: br`). The page's data (the recommendation) needs the API client, which loads after the
 * first paint by design; so this counts the scripts the browser requested before its first contentful
 * paint, from the browser's own resource and paint timings. Size, not time: nothing here asserts a time.
 */
const harness = browserHarness();

describe('front-end budget of the recipient landing route', () => {
  it('loads at most 100 KiB brotli of JavaScript before first paint, and the HTTP client only after it', async () => {
    const seeded = await seedRecommendation(harness.server.app, { mandant: 'telko' });
    const { page } = await openPage(harness.browser);
    await page.goto(`${harness.server.url()}/empfehlen/click/${seeded.empfehlungsnummer}?channel=email`);
    await waitForPageReady(page);
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, requestedAt: entry.startTime })),
    }));
    await page.context().close();
    expect(timings.firstPaint).not.toBeNull();
    const beforePaint = timings.scripts.filter((script) => script.requestedAt < (timings.firstPaint ?? 0));
    const sizes = await Promise.all(
      beforePaint.map(async (script) => {
        const url = `${harness.server.url()}${script.path}`;
        return { ...(await scriptSize(url)), body: await (await fetch(url)).text() };
      }),
    );
    const total = sizes.reduce((sum, script) => sum + script.brBytes, 0);
    const listing = sizes.map((script) => `${script.url} ${kib(script.brBytes)}`).join(', ');
    console.info(`recipient landing before first paint: ${kib(total)} brotli (${listing})`);
    expect(beforePaint.length).toBeGreaterThan(0);
    expect(total, listing).toBeLessThan(sizes.reduce((sum, script) => sum + script.bytes, 0) / 2);
    expect(total, listing).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_BYTES);
    // axios' message text marks the HTTP client: it must come later, with the data.
    expect(sizes.some((script) => script.body.includes('Request failed with status code'))).toBe(false);
  });
});
