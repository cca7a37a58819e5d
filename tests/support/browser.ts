import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

/** Debian's Chromium; never a downloaded browser (STACK.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
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

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's WCAG 2.1 A/AA violations of the page as it is now, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
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

/** Opens a page in its own context (@axe-core/playwright needs context.newPage()) and records errors. */
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
