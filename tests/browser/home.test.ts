import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';

const DEMOS = ['telko', 'versicherung'] as const;

const harness = browserHarness();

interface HomeView {
  h1: string;
  lang: string;
  primary: string;
  errors: string[];
  violations: string[];
}

async function viewHome(mandant: string, language: string): Promise<HomeView> {
  const { page, errors } = await openPage(harness.browser);
  await page.goto(`${harness.server.url(mandant)}/${language}/`);
  await waitForPageReady(page);
  const view = {
    h1: (await page.locator('h1').first().textContent())?.trim() ?? '',
    lang: (await page.getAttribute('html', 'lang')) ?? '',
    primary: await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    ),
    errors,
    violations: await axeViolations(page),
  };
  await page.context().close();
  return view;
}

describe('demo mandants render their home pages from JSON', () => {
  const views = new Map<string, HomeView>();

  beforeAll(async () => {
    for (const mandant of DEMOS) {
      for (const language of ['de', 'en'])
        views.set(`${mandant}/${language}`, await viewHome(mandant, language));
    }
  });

  it.each(DEMOS.flatMap((m) => ['de', 'en'].map((l) => [m, l] as const)))(
    '%s home in %s: heading, language, no console errors, axe clean',
    (mandant, language) => {
      const view = views.get(`${mandant}/${language}`) as HomeView;
      expect(view.h1.length).toBeGreaterThan(3);
      expect(view.lang).toBe(language);
      expect(view.errors).toEqual([]);
      expect(view.violations).toEqual([]);
    },
  );

  it('German and English homes differ in text', () => {
    for (const mandant of DEMOS) {
      expect(views.get(`${mandant}/de`)?.h1).not.toBe(views.get(`${mandant}/en`)?.h1);
    }
  });

  it('the two demo mandants look different (own theme, own headline)', () => {
    const telko = views.get('telko/de') as HomeView;
    const insurer = views.get('versicherung/de') as HomeView;
    expect(telko.primary).toMatch(/^#[0-9a-f]{6}$/i);
    expect(insurer.primary).toMatch(/^#[0-9a-f]{6}$/i);
    expect(telko.primary.toLowerCase()).not.toBe(insurer.primary.toLowerCase());
    expect(telko.h1).not.toBe(insurer.h1);
  });
});

describe('routing in the browser', () => {
  it('the root redirects to the home page in the default language (SPEC 2)', async () => {
    const { page, errors } = await openPage(harness.browser);
    await page.goto(`${harness.server.url()}/`);
    await waitForPageReady(page);
    expect(new URL(page.url()).pathname).toBe('/de/');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a path without a locale goes to the default language, keeping the query (SPEC 2)', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${harness.server.url('telko')}/impressum?widget=1`);
    await waitForPageReady(page);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/de/impressum');
    expect(url.searchParams.get('widget')).toBe('1');
    await page.context().close();
  });

  it.each([
    ['an unknown locale', '/xx/'],
    ['an unknown path', '/de/gibt-es-nicht'],
  ])('%s shows the 404 page headline (SPEC 8) with HTTP 404', async (_name, path) => {
    const { page, errors } = await openPage(harness.browser);
    const response = await page.goto(`${harness.server.url('telko')}${path}`);
    expect(response?.status()).toBe(404);
    await waitForPageReady(page);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('404 - Datei nicht gefunden');
    // Chromium reports the page's own 404 status on the console; nothing else may be logged.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('the language switch rewrites the locale segment and keeps the rest of the path', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${harness.server.url('versicherung')}/de/impressum`);
    await waitForPageReady(page);
    const germanH1 = await page.locator('h1').first().textContent();
    await page.locator('a[hreflang="en"]').first().click();
    await page.waitForURL(/\/en\/impressum$/);
    await waitForPageReady(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    // The page's content loads anew in English (page-ready may still be set from the German page).
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Imprint');
    expect(germanH1).toBe('Impressum');
    await page.context().close();
  });

  it('an unknown mandant host answers a JSON error, not a page', async () => {
    const { page } = await openPage(harness.browser);
    const response = await page.goto(`${harness.server.url('gibtsnicht')}/de/`);
    expect(response?.status()).toBe(404);
    expect(await response?.json()).toMatchObject({ code: 'PSOF0010' });
    await page.context().close();
  });
});
