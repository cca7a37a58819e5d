import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  browserHarness,
  openReusablePage,
  type ReusablePage,
  SWEEP_TIMEOUT_MS,
  waitForPageReady,
} from '../support/browser.ts';
import { type MandantRoutes, mandantIds, mandantRoutes } from '../support/mandants.ts';
import { inPool } from '../support/pool.ts';
import { withoutFailedRequests } from './fixtures/session.ts';

/**
 * Conformance: every folder in mandants/ — every route of its configuration, in every language it offers,
 * renders in Chromium with one h1 and without console errors; in the mandant's default language also with
 * 0 axe WCAG 2.1 A/AA violations (the pages' structure does not change with the language; the other
 * languages' texts are checked by axe in the feature tests). Pages load a few at a time: most of a page
 * load is waiting, and the suite must fit CI's time.
 */
const harness = browserHarness();
const PAGES_AT_ONCE = 3;
/** The languages this suite checks; a mandant offering another one fails below until it is added here. */
const CHECKED_LANGUAGES = ['de', 'en'];

async function checkRoute(
  { page, errors, reset }: ReusablePage,
  url: string,
  routeName: string,
  withAxe: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  await reset();
  await page.goto(url);
  await waitForPageReady(page);
  const h1Count = await page.locator('h1').count();
  if (h1Count !== 1) problems.push(`${routeName} ${url}: ${h1Count} h1 elements`);
  // Opened without login or with a placeholder parameter, some pages get a 4xx and show its message:
  // Chromium logs that request as an error; every other console error counts.
  for (const error of withoutFailedRequests(errors))
    problems.push(`${routeName} ${url}: console error: ${error}`);
  if (withAxe) {
    for (const violation of await axeViolations(page)) problems.push(`${routeName} ${url}: axe ${violation}`);
  }
  return problems;
}

describe.each(mandantIds())('mandant %s', (mandant) => {
  let config: MandantRoutes | undefined;
  const routesOf = async () => {
    config ??= await mandantRoutes(harness.server.url(), mandant);
    return config;
  };

  it.each(CHECKED_LANGUAGES)(
    'every route renders in %s, accessible and without console errors',
    { timeout: SWEEP_TIMEOUT_MS },
    async (language) => {
      const { languages, routes, standard } = await routesOf();
      expect(Object.keys(routes).length).toBeGreaterThan(0);
      expect(languages.filter((offered) => !CHECKED_LANGUAGES.includes(offered))).toEqual([]);
      if (!languages.includes(language)) return;
      const entries = Object.entries(routes);
      // Each worker reuses one page, reset between routes: a fresh browser context per route costs more
      // than the check. axe-core goes into every document only where axe runs.
      const withAxe = language === standard;
      const pages = await Promise.all(
        Array.from({ length: PAGES_AT_ONCE }, () => openReusablePage(harness.browser, { axe: withAxe })),
      );
      try {
        const problems = await inPool(entries, pages, ([routeName, path], page) =>
          checkRoute(page, `${harness.server.url(mandant)}/${language}${path}`, routeName, withAxe),
        );
        expect(problems.flat()).toEqual([]);
      } finally {
        await Promise.all(pages.map(({ page }) => page.context().close()));
      }
    },
  );
});
