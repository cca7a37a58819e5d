import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_COOKIE_DAYS, CONSENT_DAYS } from '../../schemas/constants.ts';
import { axeViolations, launchChromium, openPage, waitForPageReady } from '../support/browser.ts';
import { type MatomoStub, startMatomoStub } from '../support/matomoStub.ts';
import { MANDANTS_DIR, REPO_ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * Consent and tracking in Chromium against the real server, with a local stand-in for the Matomo server
 * that records every request: "nothing before consent" is a count of requests that really left the browser.
 */
const FIXTURES = path.join(REPO_ROOT, 'tests/browser/fixtures/mandants-consent');
const FIXTURE_MANDANTS = ['consent', 'extern'];
const BANNER = { name: 'Ihre Privatsphäre' };
const DAY_S = 86_400;
/** Chromium keeps no cookie longer than this, whatever Max-Age says. */
const CHROMIUM_MAX_COOKIE_DAYS = 400;
/** Long enough for a hit that was going to be sent to arrive (hits leave right after the navigation). */
const QUIET_MS = 1_000;

let stub: MatomoStub;
let server: RunningServer;
let browser: Browser;
let mandantsDir: string;

/** The fixture mandants with the stub's URL as their tracker; the stub's port is only known now. */
async function writeFixtureMandants(trackerUrl: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mandants-consent-'));
  // A copy, not a link: the mandant loader skips symbolic links.
  await cp(path.join(MANDANTS_DIR, '_base'), path.join(dir, '_base'), { recursive: true });
  for (const mandant of FIXTURE_MANDANTS) {
    await cp(path.join(FIXTURES, mandant), path.join(dir, mandant), { recursive: true });
    const file = path.join(dir, mandant, 'mandant.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as { trackings: { url: string }[] };
    for (const tracking of config.trackings) tracking.url = trackerUrl;
    await writeFile(file, JSON.stringify(config, null, 2));
  }
  return dir;
}

beforeAll(async () => {
  stub = await startMatomoStub();
  mandantsDir = await writeFixtureMandants(stub.url);
  server = await startServer({ mandantsDir });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stub?.close();
  if (mandantsDir) await rm(mandantsDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await stub.settle();
  stub.reset();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function open(pathAndQuery: string, mandant = 'consent') {
  const watched = await openPage(browser);
  await watched.page.goto(`${server.url(mandant)}${pathAndQuery}`);
  await waitForPageReady(watched.page);
  return watched;
}

/** The consent runtime loads a second after the page is ready; it has started once the API is there. */
async function consentRuntimeStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => window.psoeConsent !== undefined, undefined, { timeout: 10_000 });
}

async function footerLink(page: Page, name: string) {
  await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
  await waitForPageReady(page);
}

function pageUrl(hit: { query: URLSearchParams }): string {
  return new URL(hit.query.get('url') ?? '').pathname;
}

describe('no tracker request before consent (SPEC 2, 4)', () => {
  it('navigating several pages with the banner open sends nothing to the tracker', async () => {
    const { page, errors } = await open('/de/');
    await page.getByRole('region', BANNER).waitFor();
    await footerLink(page, 'Häufige Fragen');
    await footerLink(page, 'AGB');
    await footerLink(page, 'Teilnahmebedingungen');
    await sleep(QUIET_MS);
    // Not a single request: no hit, and no tracker script either.
    expect(stub.hits()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('"Nur notwendige" sends nothing, on this page or the next', async () => {
    const { page } = await open('/de/');
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await footerLink(page, 'Häufige Fragen');
    await footerLink(page, 'AGB');
    await sleep(QUIET_MS);
    expect(stub.hits()).toEqual([]);
    await page.context().close();
  });
});

describe('with analytics consent the tracker is called after every navigation', () => {
  it('accepting sends a page view of the page on screen, navigating one with the new URL', async () => {
    const { page, errors } = await open('/de/');
    await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await dialog.getByRole('checkbox', { name: 'Analyse' }).check();
    await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();

    const [first] = await stub.waitForTrackingHits(1);
    expect(first?.query.get('idsite')).toBe('105');
    expect(first?.query.get('rec')).toBe('1');
    expect(pageUrl(first ?? { query: new URLSearchParams() })).toBe('/de/');
    expect(first?.query.get('action_name')).toBe(await page.title());

    await footerLink(page, 'Häufige Fragen');
    const hits = await stub.waitForTrackingHits(2);
    expect(hits.map(pageUrl)).toEqual(['/de/', '/de/faq']);
    expect(hits[1]?.query.get('urlref')).toBe(hits[0]?.query.get('url'));
    expect(errors).toEqual([]);

    // The decision is stored for 60 days (SPEC 9) and holds on the next visit: no banner, a page view.
    const cookies = await page.context().cookies();
    const consent = cookies.find((cookie) => cookie.name === 'psoe_consent');
    expect(consent?.value).toMatch(/^v=1&h=[0-9a-f]{8}&functional=0&analytical=1&marketing=0&at=\d+$/);
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(CONSENT_DAYS * DAY_S - 60);
    expect((consent?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(CONSENT_DAYS * DAY_S);
    await page.reload();
    await waitForPageReady(page);
    await stub.waitForTrackingHits(3);
    expect(await page.getByRole('region', BANNER).count()).toBe(0);
    await page.context().close();
  });

  it('declining after accepting stops further hits', async () => {
    const { page } = await open('/de/');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await stub.waitForTrackingHits(1);
    await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nur notwendige' }).click();
    await footerLink(page, 'Häufige Fragen');
    await footerLink(page, 'AGB');
    await sleep(QUIET_MS);
    expect(stub.trackingHits()).toHaveLength(1);
    await page.context().close();
  });
});

describe('channel cookie (SPEC 2: channel, c, pk_campaign, mtm_campaign → cookie for 730 days, only with consent)', () => {
  it('is absent without consent and stored from the landing URL once consent comes later', async () => {
    const watched = await openPage(browser);
    const { page } = watched;
    // Record what the page asks for: Chromium caps every cookie at 400 days (RFC 6265bis), so the stored
    // expiry cannot show the 730 days of SPEC 9.
    await page.addInitScript(() => {
      const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
      const written: string[] = [];
      Object.assign(window, { writtenCookies: written });
      Object.defineProperty(document, 'cookie', {
        get: () => setter?.get?.call(document),
        set: (value: string) => {
          written.push(value);
          setter?.set?.call(document, value);
        },
      });
    });
    await page.goto(`${server.url('consent')}/de/?channel=xyz`);
    await waitForPageReady(page);
    await page.getByRole('region', BANNER).waitFor();
    const channel = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'channel');
    expect(await channel()).toBeUndefined();
    // Later in the visit, on a page whose URL has no channel any more.
    await footerLink(page, 'Häufige Fragen');
    expect(await channel()).toBeUndefined();
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(channel).toBeDefined();
    const cookie = await channel();
    expect(cookie?.value).toBe('xyz');
    const written = await page.evaluate(
      () => (window as unknown as { writtenCookies: string[] }).writtenCookies,
    );
    expect(written.filter((value) => value.startsWith('channel='))).toEqual([
      `channel=xyz; Max-Age=${CHANNEL_COOKIE_DAYS * DAY_S}; Path=/; SameSite=Lax`,
    ]);
    const kept = Math.min(CHANNEL_COOKIE_DAYS, CHROMIUM_MAX_COOKIE_DAYS) * DAY_S;
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(kept - 60);
    await page.context().close();
  });

  it('is never written with analytics consent only', async () => {
    const { page } = await open('/de/?pk_campaign=spring');
    await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Analyse' }).check();
    await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
    await stub.waitForTrackingHits(1);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('channel');
    await page.context().close();
  });
});

describe('banner placement (SPEC 2: suppressed on the privacy and imprint pages)', () => {
  it.each([
    ['Privacy', '/de/datenschutz'],
    ['Imprint', '/de/impressum'],
  ])('no banner on %s; it appears on the next page', async (_name, url) => {
    const { page } = await open(url);
    await consentRuntimeStarted(page);
    await sleep(200);
    expect(await page.getByRole('region', BANNER).count()).toBe(0);
    await footerLink(page, 'Häufige Fragen');
    await page.getByRole('region', BANNER).waitFor();
    expect(stub.hits()).toEqual([]);
    await page.context().close();
  });
});

describe('accessibility (WCAG 2.1 AA)', () => {
  it('axe finds nothing with the banner open, nor with the settings dialog open', async () => {
    const { page } = await open('/de/');
    await page.getByRole('region', BANNER).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    // Open every detail list, so that axe sees their content too.
    for (const summary of await page.getByRole('dialog').locator('summary').all()) await summary.click();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keyboard: the dialog opens from the banner, Tab stays inside, Escape closes, focus returns', async () => {
    const { page } = await open('/de/');
    const opener = page.getByRole('button', { name: 'Einstellungen', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await dialog.waitFor();
    const focusInDialog = () =>
      page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement) ?? false);
    expect(await focusInDialog()).toBe(true);
    const seen = new Set<string>();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `after ${step + 1} Tab presses`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    // It went round: the close button and the last button were both reached.
    expect(seen).toContain('Schließen');
    expect(seen).toContain('Auswahl speichern');
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe('external consent manager (useInternalConsentManager: false)', () => {
  it('shows no banner and no footer link; window.psoeConsent.set() lets the tracker run', async () => {
    const { page, errors } = await open('/de/', 'extern');
    await consentRuntimeStarted(page);
    expect(await page.getByRole('region', BANNER).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cookie-Einstellungen' }).count()).toBe(0);
    await sleep(200);
    expect(stub.hits()).toEqual([]);
    await page.evaluate(() => window.psoeConsent?.set({ analytical: true }));
    const [hit] = await stub.waitForTrackingHits(1);
    expect(hit?.query.get('idsite')).toBe('7');
    await page.evaluate(() => window.psoeConsent?.set({ analytical: false }));
    await footerLink(page, 'Häufige Fragen');
    await sleep(QUIET_MS);
    expect(stub.trackingHits()).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a decision queued before the runtime loaded is applied', async () => {
    const watched = await openPage(browser);
    await watched.page.addInitScript(() => {
      window.psoeConsentQueue = [{ analytical: true }];
    });
    await watched.page.goto(`${server.url('extern')}/de/`);
    const [hit] = await stub.waitForTrackingHits(1);
    expect(pageUrl(hit ?? { query: new URLSearchParams() })).toBe('/de/');
    await watched.page.context().close();
  });
});
