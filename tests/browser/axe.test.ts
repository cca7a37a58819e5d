import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, openPage } from '../support/browser.ts';

/** The axe helper every browser suite relies on must find what it is there to find. */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('axeViolations', () => {
  it('reports a violation, and checks the same document again after it changed', async () => {
    const { page } = await openPage(browser);
    try {
      await page.setContent(
        '<!doctype html><html lang="de"><head><title>Probe</title></head><body><main><h1>Probe</h1><img src="data:," /></main></body></html>',
      );
      const first = await axeViolations(page);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatch(/^image-alt \(critical\): .* — img$/);
      await page.evaluate(() => document.querySelector('img')?.setAttribute('alt', 'Probe'));
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('refuses a page with frames instead of skipping what is inside them', async () => {
    const { page } = await openPage(browser);
    try {
      await page.setContent(
        '<!doctype html><html lang="de"><head><title>Probe</title></head><body><main><h1>Probe</h1><iframe title="x" srcdoc="<img src=data:,>"></iframe></main></body></html>',
      );
      expect(await axeViolations(page)).toEqual([
        'page has 1 frame(s): axe does not check inside frames here',
      ]);
    } finally {
      await page.context().close();
    }
  });
});
