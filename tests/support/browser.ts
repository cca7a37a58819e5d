import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

/** Debian's Chromium; never a downloaded browser (STACK.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** STACK.md "Browser": without the background-networking flags Chromium calls the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * The limit of one sweep test (every route of a mandant in one language, every story): minutes here, about
 * 1.7× more on CI. A hung page fails on its own wait first.
 */
export const SWEEP_TIMEOUT_MS = 600_000;

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's source, read once per test file. */
let axeSource: string | undefined;
const axeScript = (): string =>
  (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe's WCAG 2.1 A/AA violations of the page as it is now, one readable line each. axe-core is put into
 * the document once and reused by later checks of the same document: injecting its megabyte of source
 * costs ten times the check itself (@axe-core/playwright injects on every call). Our pages embed no
 * frames; a page that does fails here, so that its frames are never skipped unnoticed.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const state = await page.evaluate(() => ({
    loaded: 'axe' in window,
    frames: document.querySelectorAll('iframe, frame').length,
  }));
  if (state.frames > 0) return [`page has ${state.frames} frame(s): axe does not check inside frames here`];
  if (!state.loaded) await page.evaluate(axeScript());
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      iframes: false,
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  }, AXE_TAGS);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

export interface WatchedPage {
  page: Page;
  /** console errors and uncaught page errors seen since the page opened */
  errors: string[];
}

/** Opens a page in its own context (no cookies or storage shared with other pages) and records errors. */
export async function openPage(browser: Browser, options: { locale?: string } = {}): Promise<WatchedPage> {
  const context: BrowserContext = await browser.newContext({ locale: options.locale ?? 'de-DE' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Playwright's default viewport, for a reused page that a test resized. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

export interface ReusablePage extends WatchedPage {
  /** Forgets cookies, storage and console errors of the previous URL. */
  reset: () => Promise<void>;
}

/**
 * A page for checking many URLs one after another: axe-core is put into every document it loads (so no
 * check pays for injecting it; `axe: false` for a page that runs no axe check), and `reset()` forgets the
 * previous URL's cookies, storage and console errors. Reusing one context per worker also keeps the built
 * assets in its HTTP cache, as a returning visitor's browser would; first loads are measured by the bundle
 * and budget tests.
 */
export async function openReusablePage(
  browser: Browser,
  options: { locale?: string; axe?: boolean } = {},
): Promise<ReusablePage> {
  const watched = await openPage(browser, options);
  if (options.axe !== false) await watched.page.context().addInitScript({ content: axeScript() });
  const reset = async () => {
    await watched.page.context().clearCookies();
    await watched.page
      .evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      })
      .catch(() => {}); // about:blank has no storage
    watched.errors.length = 0;
  };
  return { ...watched, reset };
}

/** Waits until the page renderer has rendered every block of the current page. */
export async function waitForPageReady(page: Page): Promise<void> {
  await page.waitForSelector('[data-page-ready="true"]', { timeout: 30_000 });
}

export interface BrowserHarness {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * The real server (built runtime, real mandants, PGlite) and Chromium for one test file: started in
 * beforeAll, closed in afterAll. Read `harness.server` / `harness.browser` inside tests.
 */
export function browserHarness(): BrowserHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is not started (beforeAll failed?)`);
    return value;
  };
  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
  };
}
