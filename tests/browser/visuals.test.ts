import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, browserHarness, openPage, waitForPageReady } from '../support/browser.ts';
import { expectH1, submitLogin } from './fixtures/session.ts';

/**
 * Issue 12 ("Visuals"), in the built product: every demo's home page opens with its key visual (fetched
 * first) and a main action that leads to where recommending starts; every picture carries its size and the
 * ones below the fold load lazily; the telecom's smartphones page shows each device, never a placeholder;
 * German compounds hyphenate.
 */
const harness = browserHarness();
const MIA = { email: 'mia.nachbar@stadtwerke-lindenau.example', password: 'Empfehlen2026' };

interface PictureView {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  /** The decoded picture's size: 0 when it did not load. */
  naturalWidth: number;
}

/** Every <img> of the page after scrolling through it, so lazy pictures have loaded too. */
async function pictures(page: Page, selector = 'main img'): Promise<PictureView[]> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await page.waitForFunction(
    (css) => [...document.querySelectorAll<HTMLImageElement>(css)].every((img) => img.complete),
    selector,
  );
  return page.$$eval(selector, (images) =>
    (images as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute('src') ?? '',
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      fetchpriority: img.getAttribute('fetchpriority'),
      naturalWidth: img.naturalWidth,
    })),
  );
}

async function openHome(mandant: string): Promise<Page> {
  const { page } = await openPage(harness.browser);
  if (mandant === 'stadtwerk') {
    // The utility shows its home page to its customers only (forced login with a pre-page).
    await page.goto(`${harness.server.url(mandant)}/de/login`);
    await waitForPageReady(page);
    await expectH1(page, 'Anmelden');
    await submitLogin(page, MIA);
    await page.waitForURL((url) => url.pathname !== '/de/login');
  }
  await page.goto(`${harness.server.url(mandant)}/de/`);
  await waitForPageReady(page);
  return page;
}

describe.each(['telko', 'versicherung', 'stadtwerk'])('%s home page', (mandant) => {
  it('opens with its key visual, fetched first, and every other picture sized and lazy', async () => {
    const page = await openHome(mandant);
    const [keyVisual, ...rest] = await pictures(page);
    expect(keyVisual).toMatchObject({
      src: `/mandant-assets/${mandant}/keyvisual-home.svg`,
      width: '480',
      height: '360',
      loading: null,
      fetchpriority: 'high',
    });
    expect(keyVisual?.naturalWidth).toBeGreaterThan(0);
    expect(await page.locator('main img').first().getAttribute('alt')).toMatch(/^Illustration: /);
    expect(rest.length, 'cards with pictures below the hero').toBeGreaterThanOrEqual(4);
    for (const picture of rest) {
      expect(picture.width, picture.src).toMatch(/^\d+$/);
      expect(picture.height, picture.src).toMatch(/^\d+$/);
      expect(picture.loading, picture.src).toBe('lazy');
      expect(picture.naturalWidth, `${picture.src} loaded`).toBeGreaterThan(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('its main action leads to the section where recommending starts, the FAQ second', async () => {
    const page = await openHome(mandant);
    const actions = page.locator('main section').first().getByRole('link');
    const main = actions.first();
    expect(await main.getAttribute('class')).toContain('button');
    const href = (await main.getAttribute('href')) ?? '';
    expect(href).toMatch(/^#[a-z-]+$/);
    expect(await actions.nth(1).getAttribute('href')).toBe('/de/faq');

    await main.click();
    await page.waitForFunction((hash) => location.hash === hash, href);
    const target = page.locator(href);
    // The section is on screen, and it is where one starts recommending: its links lead to a category,
    // to a product's recommend page, or to an agent's recommend page.
    await expect
      .poll(() => target.evaluate((section) => section.getBoundingClientRect().top))
      .toBeLessThan(200);
    const links = await target
      .locator('a')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(0);
    expect(links.some((link) => /^\/de\/(empfehlen\/|internet|glasfaser|smartphone-tarife)/.test(link))).toBe(
      true,
    );
    await page.context().close();
  });
});

describe('telko smartphones page', () => {
  it('every card shows its device with its size, no placeholder', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${harness.server.url('telko')}/de/smartphones.html`);
    await waitForPageReady(page);
    const cards = page.locator('main li:has(> h3)');
    const count = await cards.count();
    expect(count).toBe(23);
    const devices = await pictures(page, 'main li:has(> h3) > img');
    expect(devices).toHaveLength(count);
    for (const device of devices) {
      expect(device).toMatchObject({ width: '320', height: '240', loading: 'lazy' });
      expect(device.src).toMatch(/^\/api\/v1\/telko\/produkt\/\d+\/sgrafik$/);
      expect(device.naturalWidth, device.src).toBeGreaterThan(0);
    }
    // What the server sends is the device's drawing, not the placeholder of _base.
    const bodies = await page.evaluate(
      (sources) => Promise.all(sources.map((src) => fetch(src).then((response) => response.text()))),
      devices.map((device) => device.src),
    );
    for (const body of bodies) expect(body).not.toMatch(/Produktbild folgt/);
    expect(new Set(bodies).size, 'the seven smartphones look different').toBe(7);

    const [category] = await pictures(page, 'main img[src*="/produktkategorie/"]');
    expect(category).toMatchObject({
      src: '/api/v1/telko/produktkategorie/10/grafik',
      width: '480',
      height: '240',
    });
    expect(category?.loading).toBeNull();
    await page.context().close();
  });
});

describe('German compounds', () => {
  it('hyphenate in the page language, and break rather than overflow without a dictionary', async () => {
    const { page } = await openPage(harness.browser);
    await page.goto(`${harness.server.url('versicherung')}/de/`);
    await waitForPageReady(page);
    const style = await page.evaluate(() => {
      const text = document.querySelector('main p') as HTMLElement;
      const heading = document.querySelector('main h3') as HTMLElement;
      return {
        lang: document.documentElement.lang,
        text: getComputedStyle(text).hyphens,
        heading: getComputedStyle(heading).hyphens,
        wrap: getComputedStyle(text).overflowWrap,
        // No card is wider than its column: long words never push the layout sideways.
        overflow: [...document.querySelectorAll('main li')].some(
          (card) => card.scrollWidth > card.clientWidth,
        ),
      };
    });
    expect(style).toEqual({ lang: 'de', text: 'auto', heading: 'auto', wrap: 'break-word', overflow: false });
    await page.context().close();
  });
});
