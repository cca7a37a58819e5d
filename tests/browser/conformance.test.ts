import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { mandantIds, mandantRoutes } from '../support/mandants.ts';

/**
 * Conformance: every folder in mandants/ — every route of its configuration, in every language it offers,
 * renders in Chromium with one h1, without console errors, and with 0 axe WCAG 2.1 A/AA violations.
 */
const harness = browserHarness();

describe.each(mandantIds())('mandant %s', (mandant) => {
  it('every route renders in every language, accessible and without console errors', async () => {
    const { languages, routes } = await mandantRoutes(harness.server.url(), mandant);
    expect(Object.keys(routes).length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const language of languages) {
      for (const [routeName, path] of Object.entries(routes)) {
        const { page, errors } = await openPage(harness.browser);
        const url = `${harness.server.url(mandant)}/${language}${path}`;
        await page.goto(url);
        await waitForPageReady(page);
        const h1Count = await page.locator('h1').count();
        if (h1Count !== 1) problems.push(`${routeName} ${url}: ${h1Count} h1 elements`);
        for (const error of errors) problems.push(`${routeName} ${url}: console error: ${error}`);
        for (const violation of await axeViolations(page))
          problems.push(`${routeName} ${url}: axe ${violation}`);
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  });
});
