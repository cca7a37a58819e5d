import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { openPage, waitForPageReady } from './browser.ts';

/** DESIGN.md: the recipient landing and home routes load at most 100 KiB gzipped JS before first paint. */
export const FIRST_PAINT_BUDGET_BYTES = 100 * 1024;

export interface ScriptSize {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteBundle {
  url: string;
  scripts: ScriptSize[];
  gzipBytes: number;
}

const gzipSize = (body: Buffer): number => gzipSync(body, { level: 9 }).length;

/**
 * Every script the browser loads from opening `url` until the page renderer reports the page ready
 * (all blocks rendered) — a superset of what first paint needs, so the figure errs on the safe side.
 */
export async function measureRouteScripts(browser: Browser, url: string): Promise<RouteBundle> {
  const { page } = await openPage(browser);
  const pending: Promise<ScriptSize | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSize(body),
        }))
        .catch(() => null),
    );
  });
  await page.goto(url);
  await waitForPageReady(page);
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptSize => s !== null);
  await page.context().close();
  return { url, scripts, gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) };
}

/** Gzipped size of every JavaScript file the build emitted: the whole app. */
export function wholeAppScripts(distDir: string): ScriptSize[] {
  const assets = path.join(distDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const body = readFileSync(path.join(assets, file));
      return { url: `/assets/${file}`, bytes: body.length, gzipBytes: gzipSize(body) };
    });
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
