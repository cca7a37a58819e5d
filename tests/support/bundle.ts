import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { openPage, waitForPageReady } from './browser.ts';

/**
 * DESIGN.md "Front-end budget": home and the recipient landing load at most 100 KiB of JavaScript before
 * they are interactive, counted as brotli bytes on the wire (what the server sends with
 * `Accept-Encoding: br`, docs/adr/0018-compression.md).
 */
export const FIRST_PAINT_BUDGET_BYTES = 100 * 1024;

export type WireEncoding = 'br' | 'gzip' | 'identity';

export interface ScriptSize {
  url: string;
  /** the file itself */
  bytes: number;
  /** the body the server sends for `Accept-Encoding: br` */
  brBytes: number;
  /** the body the server sends for `Accept-Encoding: gzip` */
  gzipBytes: number;
}

export interface RouteBundle {
  url: string;
  scripts: ScriptSize[];
  bytes: number;
  brBytes: number;
  gzipBytes: number;
}

/**
 * The bytes of the body the server sends for GET `url` with this Accept-Encoding, as sent (not decoded),
 * checked against the answer's Content-Length. Asks 127.0.0.1 with the URL's host in the Host header, so
 * `NAME.localhost` works without a resolver that knows it.
 */
export function wireBytes(url: string, encoding: WireEncoding): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        hostname: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { host: target.host, 'accept-encoding': encoding },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          const declared = response.headers['content-length'];
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else if (declared !== undefined && Number(declared) !== bytes)
            reject(new Error(`${url}: Content-Length ${declared}, ${bytes} bytes sent`));
          else resolve(bytes);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** One script as the server sends it: itself, with brotli, with gzip. */
export async function scriptSize(url: string): Promise<ScriptSize> {
  const [bytes, brBytes, gzipBytes] = await Promise.all([
    wireBytes(url, 'identity'),
    wireBytes(url, 'br'),
    wireBytes(url, 'gzip'),
  ]);
  return { url: new URL(url).pathname, bytes, brBytes, gzipBytes };
}

export function routeBundle(url: string, scripts: ScriptSize[]): RouteBundle {
  const sum = (pick: (script: ScriptSize) => number) => scripts.reduce((total, s) => total + pick(s), 0);
  return {
    url,
    scripts,
    bytes: sum((s) => s.bytes),
    brBytes: sum((s) => s.brBytes),
    gzipBytes: sum((s) => s.gzipBytes),
  };
}

/**
 * Every script the browser loads from opening `url` until the page renderer reports the page ready
 * (all blocks rendered) — a superset of what first paint needs, so the figure errs on the safe side —
 * each then requested from the server again with each Accept-Encoding to count its bytes on the wire.
 */
export async function measureRouteScripts(browser: Browser, url: string): Promise<RouteBundle> {
  const { page } = await openPage(browser);
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  await page.goto(url);
  await waitForPageReady(page);
  await page.context().close();
  return routeBundle(url, await Promise.all([...urls].map(scriptSize)));
}

/**
 * Every JavaScript file the build emitted — the whole app — with the size of what the server sends for
 * each encoding: the precompressed sibling where the build wrote one, else the file.
 */
export function wholeAppScripts(distDir: string): ScriptSize[] {
  const assets = path.join(distDir, 'assets');
  const sizeOf = (file: string, fallback: number) => (existsSync(file) ? statSync(file).size : fallback);
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const full = path.join(assets, file);
      const bytes = statSync(full).size;
      return {
        url: `/assets/${file}`,
        bytes,
        brBytes: sizeOf(`${full}.br`, bytes),
        gzipBytes: sizeOf(`${full}.gz`, bytes),
      };
    });
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
