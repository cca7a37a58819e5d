/**
 * npm run docs:screenshots — the pictures in docs/screenshots/ (issue 12): the telecom demo's home, a category
 * page, the recommend page, the share page after recommending as a guest, the recipient landing reached
 * through a recommendation link, and the dashboard of the demo recommender, plus the insurer demo's home,
 * each at 390 px (a phone) and 1280 px (a laptop). Taken from the real server over the built runtime
 * (`npm run build` first; TEST_DIST_DIR points at another build) in Debian's Chromium, one page at a time.
 *
 * Every page is shown after "Nur notwendige" closed the consent banner, once the page renderer is ready,
 * lazy pictures were scrolled into view and every picture and font has loaded. A shot covers the page's
 * full length up to MAX_HEIGHT. SCREENSHOTS_DIR writes elsewhere (default docs/screenshots/);
 * SCREENSHOTS_ONLY=telko-share takes only the shots whose `<mandant>-<page>` contains it.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ANNA, submitLogin } from '../browser/fixtures/session.ts';
import { launchChromium, waitForPageReady } from './browser.ts';
import { seedRecommendation } from './seedRecommendation.ts';
import { REPO_ROOT, type RunningServer, startServer } from './server.ts';

const OUT_DIR = process.env.SCREENSHOTS_DIR
  ? path.resolve(process.env.SCREENSHOTS_DIR)
  : path.join(REPO_ROOT, 'docs/screenshots');

/** A phone (iPhone 12–15 width) and a laptop; the viewport height only matters for the first layout. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
/** Longer pages are cut here: the top of a page is what a reader of the docs looks at. */
const MAX_HEIGHT = 3000;
/** The product every telko page is shown with (tests/support/lighthouse.ts measuredPages): NetzPlus Internet S. */
const TELKO_PRODUCT = '601';

interface Shot {
  mandant: string;
  page: string;
  /** Where a long page is cut (default MAX_HEIGHT). */
  maxHeight?: number;
  /** Opens the page in a fresh context (the consent banner is already answered) and waits until it is shown. */
  open: (page: Page, origin: string, server: RunningServer) => Promise<void>;
}

async function waitForH1(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor({ timeout: 30_000 });
  await waitForPageReady(page);
}

async function goto(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForPageReady(page);
}

/** The recommend form of TELKO_PRODUCT, filled in as a guest would (name, e-mail, terms). */
async function openRecommendForm(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/de/empfehlen/${TELKO_PRODUCT}`);
  await waitForH1(page, 'Jetzt empfehlen');
  await page.getByRole('button', { name: 'Empfehlung abgeben' }).waitFor();
}

const SHOTS: Shot[] = [
  { mandant: 'telko', page: 'home', open: (page, origin) => goto(page, `${origin}/de/`) },
  { mandant: 'telko', page: 'category', open: (page, origin) => goto(page, `${origin}/de/internet`) },
  { mandant: 'telko', page: 'recommend', open: (page, origin) => openRecommendForm(page, origin) },
  {
    mandant: 'telko',
    page: 'share',
    open: async (page, origin) => {
      await openRecommendForm(page, origin);
      await page.getByLabel('Vorname', { exact: false }).fill('Erika');
      await page.getByLabel('Nachname', { exact: false }).fill('Muster');
      // An address of its own per shot: the same guest could not recommend the same product twice.
      const width = page.viewportSize()?.width ?? 0;
      await page.getByLabel('E-Mail-Adresse', { exact: false }).fill(`erika.muster.${width}@example.org`);
      await page.getByLabel(/Ich akzeptiere die Teilnahmebedingungen/).check();
      // ALTCHA: the browser's workers solve the server's challenge.
      await page.locator('altcha-widget label').filter({ hasText: 'Ich bin kein Roboter' }).click();
      await page.waitForFunction(
        () =>
          (document.querySelector('altcha-widget input[name="captcha"]') as HTMLInputElement | null)?.value,
        undefined,
        { timeout: 60_000 },
      );
      await page.getByRole('button', { name: 'Empfehlung abgeben' }).click();
      await waitForH1(page, 'Empfehlung teilen');
      await page.getByRole('list', { name: 'Teilen per …' }).waitFor();
      await page.getByRole('img', { name: 'QR-Code Ihres Empfehlungslinks' }).waitFor();
    },
  },
  {
    mandant: 'telko',
    page: 'recipient',
    open: async (page, origin, server) => {
      const seeded = await seedRecommendation(server.app, {
        mandant: 'telko',
        produktId: TELKO_PRODUCT,
        // Not Anna's demo account: her dashboard shows only the demo recommendations.
        empfehlerVorname: 'Anna',
        empfehlerEmail: 'anna.freundin@example.org',
        praemieCent: 7000,
        anteilEmpfehler: 50,
      });
      // The shared link, as WhatsApp opens it: the click redirect leads to the landing page.
      await page.goto(`${origin}/empfehlen/click/${seeded.empfehlungsnummer}?channel=whatsapp`);
      await waitForH1(page, 'Eine Empfehlung für Sie');
    },
  },
  {
    mandant: 'telko',
    page: 'dashboard',
    // The greeting, the tip and the first cards, with most of the statuses; the rest repeats.
    maxHeight: 2400,
    open: async (page, origin) => {
      await goto(page, `${origin}/de/login`);
      await submitLogin(page, ANNA);
      await page.waitForURL(/\/de\/persoenlicher-bereich$/);
      await waitForH1(page, `Hallo ${ANNA.firstName}`);
      await page.getByRole('listitem').filter({ hasText: '4710000003' }).waitFor();
    },
  },
  { mandant: 'versicherung', page: 'home', open: (page, origin) => goto(page, `${origin}/de/`) },
];

/** The consent banner's "Nur notwendige", on the mandant's home page; the decision is a cookie of the context. */
async function declineTracking(page: Page, origin: string): Promise<void> {
  await goto(page, `${origin}/de/`);
  const necessaryOnly = page.getByRole('button', { name: 'Nur notwendige' });
  await necessaryOnly.waitFor({ timeout: 15_000 });
  await necessaryOnly.click();
  await necessaryOnly.waitFor({ state: 'detached', timeout: 15_000 });
}

/** Scrolls through the page so lazy pictures load, back to the top, then waits for every picture and font. */
async function settle(page: Page, maxHeight: number): Promise<void> {
  await page.evaluate(async (max) => {
    const end = Math.min(document.documentElement.scrollHeight, max);
    for (let y = 0; y < end; y += Math.round(window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  }, maxHeight);
  await page.waitForFunction(
    (max) =>
      [...document.images].every(
        (img) => img.complete || img.getBoundingClientRect().top + window.scrollY > max,
      ),
    maxHeight,
    { timeout: 30_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  // Let scroll-bound effects and the last layout settle.
  await page.waitForTimeout(300);
}

async function take(
  browser: Browser,
  server: RunningServer,
  shot: Shot,
  viewport: (typeof VIEWPORTS)[number],
) {
  const origin = server.url(shot.mandant);
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'de-DE',
    reducedMotion: 'reduce',
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await declineTracking(page, origin);
    await shot.open(page, origin, server);
    const maxHeight = shot.maxHeight ?? MAX_HEIGHT;
    await settle(page, maxHeight);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const file = path.join(OUT_DIR, `${shot.mandant}-${shot.page}-${viewport.width}.png`);
    await page.screenshot({
      path: file,
      fullPage: true,
      animations: 'disabled',
      clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, maxHeight) },
    });
    const { size } = await stat(file);
    const cut = height > maxHeight ? ` (page ${height} px, cut)` : '';
    console.log(
      `${path.relative(REPO_ROOT, file)}  ${viewport.width}×${Math.min(height, maxHeight)}${cut}  ${Math.round(size / 1024)} KiB`,
    );
    for (const error of errors) console.warn(`  page error: ${error}`);
  } catch (error) {
    const alerts = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    const shown = alerts.map((text) => text.trim()).filter(Boolean);
    throw new Error(
      `${(error as Error).message.split('\n')[0]}${shown.length ? ` — the page says: ${shown.join(' | ')}` : ''} (at ${page.url()})`,
    );
  } finally {
    await context.close();
  }
}

await mkdir(OUT_DIR, { recursive: true });
const server = await startServer();
const browser = await launchChromium();
let failed = false;
try {
  const only = process.env.SCREENSHOTS_ONLY;
  for (const shot of SHOTS.filter(({ mandant, page }) => !only || `${mandant}-${page}`.includes(only))) {
    for (const viewport of VIEWPORTS) {
      try {
        await take(browser, server, shot, viewport);
      } catch (error) {
        failed = true;
        console.error(`${shot.mandant}-${shot.page}-${viewport.width}: ${(error as Error).message}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
if (failed) process.exitCode = 1;
