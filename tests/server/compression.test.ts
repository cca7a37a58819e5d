import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../runtime/build/precompressPlugin.ts';
import { DYNAMIC_BROTLI_QUALITY, preferredEncoding } from '../../server/plugins/compressPlugin.ts';
import { copyFixture, databases, RUNTIME_DIST } from './helpers.ts';
import { ANNA, authHeaders, buildPersonalApp, PERSONAL_MANDANTS } from './personalAreaHelpers.ts';

/**
 * Issue 12: every text answer compressed by Accept-Encoding, brotli first (docs/adr/0018-compression.md).
 * Hashed assets go out as the build precompressed them, everything else through @fastify/compress (routes)
 * or compressPlugin's not-found hook (pages, files at the top of dist).
 */

/** The body as the client reads it, undone by the answer's own Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

const varyOf = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

/**
 * A brotli answer is exactly `plain` compressed with the server's dynamic quality, so a change of quality
 * (say to 11, too slow while a client waits) shows.
 */
function expectDynamicBrotli(response: LightMyRequestResponse, plain: Buffer): void {
  if (response.headers['content-encoding'] !== 'br') return;
  const params = { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY };
  expect(response.rawPayload.equals(brotliCompressSync(plain, { params }))).toBe(true);
}

/** Some kilobytes of JavaScript as the build writes it: repetitive enough to compress well. */
const bigScript = Array.from(
  { length: 400 },
  (_, i) => `export const block${i} = () => ({ id: ${i}, name: "block ${i}", ready: true });`,
).join('\n');

describe.each(databases)('compression on $name', (database) => {
  let app: FastifyInstance;
  let dist: Awaited<ReturnType<typeof copyFixture>>;
  let mandants: Awaited<ReturnType<typeof copyFixture>>;
  const bigAsset = 'boot-big123.js';
  const bigSvg = Array.from({ length: 60 }, (_, i) => `<circle cx="${i}" cy="${i}" r="4" fill="#123456"/>`);

  beforeAll(async () => {
    dist = await copyFixture(RUNTIME_DIST);
    const assetFile = path.join(dist.dir, 'assets', bigAsset);
    await writeFile(assetFile, bigScript);
    await precompressFile(assetFile);
    // index.html padded past the threshold, as a real build's is; a large file at the top of dist.
    const index = path.join(dist.dir, 'index.html');
    await writeFile(
      index,
      (await readFile(index, 'utf8')).replace('</head>', `${'<!-- pad -->'.repeat(120)}</head>`),
    );
    await writeFile(path.join(dist.dir, 'manifest.json'), JSON.stringify({ icons: bigSvg }));
    mandants = await copyFixture(PERSONAL_MANDANTS);
    await writeFile(
      path.join(mandants.dir, '_base', 'assets', 'key-visual.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${bigSvg.join('')}</svg>`,
    );
    app = await buildPersonalApp(database, { distDir: dist.dir, mandantsDir: mandants.dir, devMails: true });
  });
  afterAll(async () => {
    await app?.close();
    await dist?.remove();
    await mandants?.remove();
  });

  describe('hashed assets: the build’s precompressed files', () => {
    const url = `/assets/${bigAsset}`;
    const file = () => path.join(dist.dir, 'assets', bigAsset);

    it.each([
      ['br', 'br', '.br'],
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['br;q=0, gzip', 'gzip', '.gz'],
    ])('Accept-Encoding %s → %s, the bytes of the %s file, cached a year', async (accept, encoding, ext) => {
      const response = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(response)).toContain('accept-encoding');
      expect(response.rawPayload.equals(await readFile(`${file()}${ext}`))).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(bigScript.length / 4);
      expect(decoded(response).toString('utf8')).toBe(bigScript);
    });

    it.each([undefined, 'identity', 'zstd'])('Accept-Encoding %s → the file itself', async (accept) => {
      const response = await app.inject({ url, headers: accept ? { 'accept-encoding': accept } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varyOf(response)).toContain('accept-encoding');
      expect(response.body).toBe(bigScript);
    });

    it('sends a small asset without a compressed copy as it is, never compressing it on the fly', async () => {
      const response = await app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(await readFile(path.join(dist.dir, 'assets', 'app-abc123.js'), 'utf8'));
    });

    it('answers HEAD with the headers of the compressed file and no body', async () => {
      const response = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.rawPayload.length).toBe(0);
    });

    it('still answers an unknown or malformed asset path with 404, not a 500', async () => {
      for (const bad of ['/assets/nope.js', '/assets/%E0%A4%A.js', '/assets/..%2f..%2fetc%2fpasswd']) {
        const response = await app.inject({ url: bad, headers: { 'accept-encoding': 'br' } });
        expect(response.statusCode, bad).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, bad).toBeLessThan(500);
      }
    });
  });

  describe('pages, files outside /assets and HEAD', () => {
    it.each(['br', 'gzip'])(
      'an index page goes out %s-compressed and decodes to the page',
      async (encoding) => {
        const plain = await app.inject({ url: '/de/', headers: { host: 'localhost' } });
        const response = await app.inject({
          url: '/de/',
          headers: { host: 'localhost', 'accept-encoding': encoding },
        });
        expect(response.statusCode).toBe(plain.statusCode);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(varyOf(response)).toContain('accept-encoding');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decoded(response).toString('utf8')).toBe(plain.body);
        expectDynamicBrotli(response, plain.rawPayload);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toContain('id="boot-data"');
      },
    );

    it.each(['/de/', '/api/v1/mandant/alpha'])('answers HEAD %s with 200 and no body', async (url) => {
      const response = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(0);
    });

    it('compresses a large file at the top of dist while sending it, and leaves a small one', async () => {
      const manifest = await app.inject({ url: '/manifest.json', headers: { 'accept-encoding': 'br' } });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-encoding']).toBe('br');
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(decoded(manifest).toString('utf8')).toBe(
        await readFile(path.join(dist.dir, 'manifest.json'), 'utf8'),
      );
      const robots = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br' } });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-encoding']).toBeUndefined();
      expect(robots.body).toBe(await readFile(path.join(dist.dir, 'robots.txt'), 'utf8'));
    });

    it('compresses a mandant’s SVG while sending it, with its type and a day’s cache', async () => {
      const url = '/mandant-assets/alpha/key-visual.svg';
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(varyOf(response)).toContain('accept-encoding');
      const file = await readFile(path.join(mandants.dir, '_base', 'assets', 'key-visual.svg'));
      expect(decoded(response).equals(file)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(file.length / 4);
    });
  });

  describe('API answers', () => {
    it.each(['br', 'gzip'])(
      'a JSON answer goes out %s-compressed and decodes to the same JSON',
      async (encoding) => {
        const url = '/api/v1/mandant/alpha';
        const plain = await app.inject({ url });
        const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['cache-control']).toBe(plain.headers['cache-control']);
        expect(varyOf(response)).toContain('accept-encoding');
        expect(plain.rawPayload.length).toBeGreaterThan(1024);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(JSON.parse(decoded(response).toString('utf8'))).toEqual(plain.json());
        expectDynamicBrotli(response, plain.rawPayload);
      },
    );

    it('compresses the OpenAPI document', async () => {
      const response = await app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decoded(response).toString('utf8'))).toMatchObject({ openapi: '3.0.3' });
    });

    it('leaves an answer below 1 KiB as it is', async () => {
      const response = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toBeTypeOf('object');
    });

    it('streams the CSV export compressed or not, the same rows either way; XLSX stays a zip', async () => {
      const headers = await authHeaders(app, 'alpha', ANNA);
      const url = '/api/v1/alpha/empfehler/empfehlungen/report/export.csv?OrderBy=Empfehlungsnummer';
      const plain = await app.inject({ url, headers });
      const compressed = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'br' } });
      expect(plain.statusCode).toBe(200);
      expect(compressed.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(compressed.headers['content-disposition']).toBe('attachment; filename="empfehlungen-alpha.csv"');
      expect(plain.body.split('\r\n').length).toBeGreaterThan(2);
      expect(decoded(compressed).toString('utf8')).toBe(plain.body);

      const xlsx = await app.inject({
        url: url.replace('export.csv', 'export.xlsx'),
        headers: { ...headers, 'accept-encoding': 'br' },
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-encoding']).toBeUndefined();
      expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    });

    it('answers the click redirect uncompressed: a 302 without a body', async () => {
      const response = await app.inject({
        url: '/empfehlen/click/1000000001?channel=email',
        headers: { host: 'localhost', 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBeTruthy();
      expect(response.headers['content-encoding']).toBeUndefined();
    });

    it('serves the dev mail view compressed or not', async () => {
      const response = await app.inject({ url: '/dev/mails', headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(decoded(response).toString('utf8')).toContain('<h1>Mail outbox</h1>');
    });
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['zstd', undefined],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['gzip;q=abc, br;q=', undefined],
    [' , ;;, br ; q=1 ', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
