import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE_NAME } from '../../schemas/constants.ts';
import { browserHarness, openPage, waitForPageReady } from '../support/browser.ts';

/**
 * The first paint is rendered on the server (docs/adr/0019): the page is there before any script runs,
 * unknown paths answer 404, a certain guest's redirects are HTTP redirects, and the browser hydrates the
 * server's markup instead of replacing it.
 */
const harness = browserHarness();

/** A plain GET as a browser's first request (Node does not resolve `NAME.localhost`; the Host header does). */
function get(url: string, headers: Record<string, string> = {}) {
  const { host, pathname, search } = new URL(url);
  return new Promise<{ status: number; location: string | undefined; html: string }>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: harness.server.port,
        path: `${pathname}${search}`,
        headers: { ...headers, host },
      },
      (response) => {
        let html = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          html += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, html }),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The text of the first <h1> inside the server-rendered root, without tags. */
function firstHeading(html: string): string | undefined {
  const root = html.split('data-first-paint="server"')[1];
  const heading = root ? /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] : undefined;
  return heading?.replace(/<[^>]+>/g, '').trim();
}

describe('the server renders the first paint', () => {
  it.each([
    ['telko', '/de/', 'Freunde werben'],
    ['telko', '/en/', 'friends'],
    ['telko', '/de/internet', 'Internet'],
    ['versicherung', '/de/', ''],
  ])('%s %s comes with its content in the HTML', async (mandant, path, headingPart) => {
    const page = await get(`${harness.server.url(mandant)}${path}`);
    expect(page.status).toBe(200);
    const heading = firstHeading(page.html);
    expect(heading, 'a heading rendered on the server').toBeTruthy();
    expect(heading?.toLowerCase()).toContain(headingPart.toLowerCase());
    // The page's block styles and the mandant's theme are linked, so the first paint is styled.
    expect(page.html).toMatch(
      /<link rel="stylesheet" href="\/mandant-assets\/[a-z]+\/theme\.css\?v=[0-9a-f]+">/,
    );
    expect(page.html).toMatch(/<link rel="modulepreload" href="\/assets\/[A-Za-z]+-[\w-]+\.js">/);
    expect(page.html).toMatch(/<title>[^<]+\|[^<]+<\/title>/);
  });

  it('an unknown path answers 404 with the 404 page', async () => {
    const page = await get(`${harness.server.url('telko')}/de/gibt-es-nicht`);
    expect(page.status).toBe(404);
    expect(firstHeading(page.html)).toBe('404 - Datei nicht gefunden');
  });

  it('a guest on a forced-login mandant is redirected by the server; a stored session is left to the browser', async () => {
    const guest = await get(`${harness.server.url('stadtwerk')}/de/`);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/de\/willkommen\b/);
    const returning = await get(`${harness.server.url('stadtwerk')}/de/`, {
      cookie: `${TOKEN_COOKIE_NAME}=some.stored.token`,
    });
    expect(returning.status).toBe(200);
    expect(returning.html).not.toContain('data-first-paint="server"');
  });

  it('the first paint starts with the consent banner unless the cookie holds a decision', async () => {
    const first = await get(`${harness.server.url('telko')}/de/`);
    expect(first.html.split('data-first-paint="server"')[1]).toMatch(/<section class="[^"]*banner/);
    // Styled from the start (its script comes later): a stylesheet the page links holds the banner's rule,
    // so nothing jumps when the consent chunk arrives.
    const bannerClass = /<section class="([^"]*banner[^"]*)"/.exec(first.html)?.[1] ?? '';
    const sheets = [...first.html.matchAll(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/g)];
    const css = (
      await Promise.all(
        sheets.map(async ([, href]) => (await get(`${harness.server.url('telko')}${href}`)).html),
      )
    ).join('\n');
    expect(bannerClass).not.toBe('');
    expect(css).toContain(`.${bannerClass}`);
    const { page } = await openPage(harness.browser);
    await page.goto(`${harness.server.url('telko')}/de/`);
    await waitForPageReady(page);
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await expect
      .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
      .toContain('psoe_consent');
    const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`);
    await page.context().close();
    const decided = await get(`${harness.server.url('telko')}/de/`, { cookie: cookies.join('; ') });
    expect(decided.html.split('data-first-paint="server"')[1]).not.toMatch(/<section class="[^"]*banner/);
  });

  it.each(['/de/', '/de/internet'])('%s does not shift while it starts (phone width)', async (path) => {
    const context = await harness.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${harness.server.url('telko')}${path}`);
    await waitForPageReady(page);
    // The consent chunk arrives a second after the page is ready; it must not move anything either.
    await page.waitForFunction(
      () => (window as unknown as { psoeConsent?: unknown }).psoeConsent !== undefined,
    );
    const total = await page.evaluate(
      () => (window as unknown as { shifts: { total: number } }).shifts.total,
    );
    expect(total).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  it('content pages read fine without JavaScript', async () => {
    const context = await harness.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${harness.server.url('telko')}/de/internet`);
    expect(await page.locator('main h1').first().textContent()).toMatch(/Internet/);
    expect(await page.locator('main a[href]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('the browser hydrates the server markup: no element is replaced, nothing is logged', async () => {
    const { page, errors } = await openPage(harness.browser);
    // Records every element removed from the page's content while the page starts.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedOnStart: string[] }).removedOnStart = removed;
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        if (!root) return;
        new MutationObserver((records) => {
          for (const record of records) {
            // The page's content; the consent banner changing hands is not the page.
            if (!(record.target instanceof Element) || record.target.closest('main') === null) continue;
            for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.tagName);
          }
        }).observe(root, { childList: true, subtree: true });
      });
    });
    await page.goto(`${harness.server.url('telko')}/de/internet`);
    await waitForPageReady(page);
    const heading = await page.locator('main h1').first().textContent();
    expect(heading).toMatch(/Internet/);
    const removed = await page.evaluate(
      () => (window as unknown as { removedOnStart: string[] }).removedOnStart,
    );
    expect(removed).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
