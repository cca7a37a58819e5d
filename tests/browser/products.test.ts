import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import telkoCategories from '../../mandants/telko/products/kategorien.json';
import type { Produktkategorie } from '../../schemas/products.ts';
import {
  axeViolations,
  browserHarness,
  DEFAULT_VIEWPORT,
  openPage,
  openReusablePage,
  type ReusablePage,
  waitForPageReady,
} from '../support/browser.ts';
import { expectH1, submitLogin } from './fixtures/session.ts';

/**
 * Issue 4, products and rewards shown, in Chromium over the real server and the demo mandants: every
 * product category page of SPEC section 2 on the telecom demo, its card deck per breakpoint, the tariff →
 * device flow with the manufacturer filter, the home page overview, and the utility demo's agent list
 * (search, paging, photos). axe reports 0 WCAG 2.1 AA violations on every page and state.
 */
const harness = browserHarness();
const categories = (telkoCategories.kategorien as Produktkategorie[]).sort((a, b) => a.Position - b.Position);
const MIA = { email: 'mia.nachbar@stadtwerke-lindenau.example', password: 'Empfehlen2026' };

/** Cards in the first row of the last card deck: its column count at the current viewport. */
async function deckColumns(page: Page): Promise<number> {
  return page.evaluate(() => {
    const decks = [...document.querySelectorAll('main section ul')].filter((list) =>
      [...list.children].some((item) => item.querySelector('h3')),
    );
    const cards = [...(decks.at(-1)?.children ?? [])] as HTMLElement[];
    const top = cards[0]?.getBoundingClientRect().top;
    return cards.filter((card) => Math.abs(card.getBoundingClientRect().top - (top ?? 0)) < 1).length;
  });
}

/** One page for the whole file, reset between tests: a fresh browser context per page costs more than the checks. */
let shared: ReusablePage | undefined;
afterAll(async () => {
  await shared?.page.context().close();
});

async function open(path: string, mandant = 'telko', viewport = DEFAULT_VIEWPORT): Promise<ReusablePage> {
  shared ??= await openReusablePage(harness.browser);
  await shared.reset();
  await shared.page.setViewportSize(viewport);
  await shared.page.goto(`${harness.server.url(mandant)}${path}`);
  await waitForPageReady(shared.page);
  return shared;
}

describe('telecom demo: every product category page of SPEC section 2', () => {
  it('has all SPEC paths in its data', () => {
    expect(categories).toHaveLength(31);
  });

  it.each(categories.map((category) => [category.Pfad, category] as const))(
    '/de/%s: title, breadcrumb, subtitle, cards; one h1, no console errors, axe clean',
    async (pfad, category) => {
      const { page, errors } = await open(`/de/${pfad}`);
      await expectH1(page, category.Titel);
      const breadcrumb = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
      await expect(
        breadcrumb.getByRole('link', { name: 'Startseite' }).getAttribute('href', { timeout: 5_000 }),
      ).resolves.toBe('/de/');
      const current = breadcrumb.locator('[aria-current="page"]');
      expect(await current.textContent()).toBe(category.Breadcrumb.split(' / ').at(-1));
      if (category.Untertitel) expect(await page.getByText(category.Untertitel).count()).toBeGreaterThan(0);
      expect(await page.locator('h1').count()).toBe(1);
      const status = (await page.getByRole('status').first().textContent()) ?? '';
      expect(status).toMatch(/^\d+ Angebot/);
      expect(await page.title()).toBe(`${category.Titel} | NetzPlus Freunde werben`);
      if (category.Auswahlziel === 'recommend') {
        // SPEC 2: the select button leads to the recommend page with the product.
        const select = page.getByRole('link', { name: /^Jetzt empfehlen: / }).first();
        expect(await select.getAttribute('href', { timeout: 5_000 })).toMatch(/^\/de\/empfehlen\/\d+$/);
      } else {
        const select = page.getByRole('link', { name: /^(Smartphone|Tablet) wählen: / }).first();
        expect(await select.getAttribute('href', { timeout: 5_000 })).toMatch(
          /^\/de\/(smartphones|tablets)\.html\?tarifId=\d+$/,
        );
      }
      expect(errors).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('in English the page chrome is English and the German product data is marked as German', async () => {
    const { page, errors } = await open('/en/internet');
    await expectH1(page, 'Internet & Festnetz');
    expect(await page.locator('h1').getAttribute('lang')).toBe('de');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: 'All offers' }).count()).toBe(1);
    expect(await page.getByText('70,00 € reward').count()).toBe(5);
    expect(errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the card deck: 4 columns at xl and lg, 2 at md, 1 at sm and xs (SPEC 2, breakpoints of SPEC 9)', () => {
  it.each([
    ['xs', 375, 1],
    ['sm', 453, 1],
    ['sm', 767, 1],
    ['md', 768, 2],
    ['md', 1023, 2],
    ['lg', 1024, 4],
    ['lg', 1919, 4],
    ['xl', 1920, 4],
  ])('%s (%i px wide): %i column(s)', async (_name, width, columns) => {
    const { page, errors } = await open('/de/internet', 'telko', { width, height: 900 });
    await expectH1(page, 'Internet & Festnetz');
    expect(await deckColumns(page)).toBe(columns);
    expect(errors).toEqual([]);
    if (width === 375) expect(await axeViolations(page)).toEqual([]);
  });
});

describe('telecom demo: choosing a tariff, then a device', () => {
  it('tariff page → devices of that tariff → all devices → manufacturer filter, axe clean in each state', async () => {
    const { page, errors } = await open('/de/smartphone-tarife.html');
    await expectH1(page, 'Smartphone-Tarife');
    await page.getByRole('link', { name: 'Smartphone wählen: NetzPlus Mobil M' }).click();
    await page.waitForURL((url) => url.pathname === '/de/smartphones.html' && url.search === '?tarifId=302');
    await page.getByText('Geräte mit dem Tarif NetzPlus Mobil M.').waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe('5 Angebote');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Alle Geräte anzeigen' }).click();
    await page.waitForURL((url) => url.search === '');
    const filter = page.getByLabel('Hersteller');
    await filter.waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe('23 Angebote');
    await filter.selectOption('Lumera');
    await page.getByRole('status').first().filter({ hasText: '6 Angebote' }).waitFor();
    const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.every((title) => title.includes('Lumera'))).toBe(true);
    // the device pictures load from the product API (SPEC 7: /produkt/{id}/sgrafik)
    const loaded = await page
      .locator('main img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(loaded).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the preselected main and TV product of the TV page come first (SPEC 2)', async () => {
    const { page } = await open('/de/fernsehen');
    await expectH1(page, 'Internet & TV');
    const recommended = page.getByRole('heading', { level: 2, name: 'Unsere Empfehlung' });
    expect(await recommended.count()).toBe(1);
    const firstCards = await page.getByRole('heading', { level: 3 }).allTextContents();
    expect(firstCards.slice(0, 2)).toEqual(['NetzPlus Internet L', 'NetzPlus Internet L + TV']);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the home page overview leads to a category page (SPEC 2, Homepage)', async () => {
    const { page, errors } = await open('/de/');
    await page.getByRole('link', { name: 'Angebote ansehen: Internet & Festnetz' }).click();
    await page.waitForURL((url) => url.pathname === '/de/internet');
    await expectH1(page, 'Internet & Festnetz');
    expect(errors).toEqual([]);
  });
});

describe('utility demo: the agent list (SPEC 7: Produkt/berater, page size 6)', () => {
  it('search, paging and photos with alt text behind the forced login, axe clean in each state', async () => {
    const { page, errors } = await openPage(harness.browser);
    const base = harness.server.url('stadtwerk');
    await page.goto(`${base}/de/login`);
    await expectH1(page, 'Anmelden');
    await submitLogin(page, MIA);
    await page.waitForURL((url) => url.pathname !== '/de/login');
    await page.goto(`${base}/de/`);
    await expectH1(page, 'Energie aus Lindenau weiterempfehlen – 40 € Prämie');

    const agents = page.getByRole('region', { name: 'Unser Beratungsteam' });
    const status = agents.getByRole('status');
    await status.filter({ hasText: '20 Ansprechpersonen gefunden. Seite 1 von 4' }).waitFor();
    expect(await agents.getByRole('heading', { level: 3 }).count()).toBe(6);
    const photo = page.getByRole('img', { name: 'Foto von Anja Albrecht' });
    await expect(photo.evaluate((img) => (img as HTMLImageElement).complete)).resolves.toBe(true);
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('link', { name: 'Empfehlen: Anja Albrecht' })
        .getAttribute('href', { timeout: 5_000 }),
    ).toBe('/de/empfehlen/SWL-1001');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Nächste Seite' }).click();
    await status.filter({ hasText: 'Seite 2 von 4' }).waitFor();
    expect(await agents.getByRole('heading', { level: 3 }).first().textContent()).toBe('Greta Hoffmann');
    await page.getByRole('button', { name: 'Vorherige Seite' }).click();
    await status.filter({ hasText: 'Seite 1 von 4' }).waitFor();

    await page.getByLabel('Name, Postleitzahl oder Ort').fill('Markranstädt');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await status.filter({ hasText: '3 Ansprechpersonen gefunden. Seite 1 von 1' }).waitFor();
    expect(await agents.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Lars Neumann',
      'Marie Otto',
      'Tanja Weber',
    ]);
    expect(await page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Name, Postleitzahl oder Ort').fill('Niemand');
    await page.keyboard.press('Enter');
    await status.filter({ hasText: 'Keine Ansprechperson gefunden.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
