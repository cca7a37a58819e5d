import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootData } from '../../schemas/api.ts';
import { buildBootData } from '../../server/static/buildBootData.ts';
import { buildTestApp, copyFixture, databases, RUNTIME_DIST } from './helpers.ts';

function bootDataOf(html: string): BootData {
  const match = /<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'boot data element').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null') as BootData;
}

function frameAncestors(csp: unknown): string | undefined {
  return String(csp)
    .split('; ')
    .find((directive) => directive.startsWith('frame-ancestors '))
    ?.slice('frame-ancestors '.length);
}

describe.each(databases)('static runtime and pages on $name', (database) => {
  let app: FastifyInstance;
  let dist: Awaited<ReturnType<typeof copyFixture>>;
  beforeAll(async () => {
    // A scratch copy: some tests change index.html like a rebuild would.
    dist = await copyFixture(RUNTIME_DIST);
    app = await buildTestApp(database, { distDir: dist.dir });
  });
  afterAll(async () => {
    await app?.close();
    await dist?.remove();
  });

  describe('index.html with the mandant injected', () => {
    it('serves the default mandant on localhost with lang, title, favicon and boot data, never cached', async () => {
      const response = await app.inject({ url: '/', headers: { host: 'localhost:8080' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<html lang="de">');
      expect(response.body).toContain('<title>Alpha Energie</title>');
      expect(response.body).toContain(
        '<link rel="icon" href="/mandant-assets/alpha/favicon.svg" type="image/svg+xml">',
      );
      expect(response.body).not.toContain('/vite.svg');
      expect(response.body).toContain(
        '<script type="module" crossorigin src="/assets/app-abc123.js"></script>',
      );
      const alpha = app.mandants.get('alpha');
      if (!alpha) throw new Error('alpha not loaded');
      expect(bootDataOf(response.body)).toEqual(buildBootData(alpha, 'de'));
      expect(bootDataOf(response.body)).toMatchObject({ mandantId: 'alpha', language: 'de' });
    });

    it.each([
      ['/en/empfehlen', 'localhost', 'en'],
      ['/de/x/y?z=1', 'localhost', 'de'],
      ['/fr/x', 'localhost', 'de'],
      ['/EN/x', 'localhost', 'de'],
      ['/code', 'localhost', 'de'],
      ['/en/', 'beta.localhost', 'de'],
      ['/', 'gamma.localhost', 'en'],
      ['/de', 'gamma.localhost', 'de'],
    ])('%s on %s → lang %s (first segment if offered, else the default)', async (url, host, lang) => {
      const response = await app.inject({ url, headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<html lang="${lang}">`);
      const boot = bootDataOf(response.body);
      expect(boot.language).toBe(lang);
      expect(boot.languageContent).toEqual(app.mandants.forHost(host)?.languageContent.get(lang));
    });

    it.each([
      ['localhost:8080', 'alpha'],
      ['127.0.0.1:8080', 'alpha'],
      ['[::1]:8080', 'alpha'],
      ['beta.localhost:3000', 'beta'],
      ['www.beta.example', 'beta'],
      ['empfehlen.alpha.example', 'alpha'],
      ['gamma.localhost', 'gamma'],
    ])('maps host %s to %s', async (host, id) => {
      const response = await app.inject({ url: '/de/', headers: { host } });
      expect(bootDataOf(response.body).mandantId).toBe(id);
    });

    it.each(['unknown.example', 'zeta.localhost:8080'])(
      'answers unknown host %s with 404 PSOF0010 JSON',
      async (host) => {
        const response = await app.inject({ url: '/', headers: { host } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'PSOF0010', message: 'Dieser Mandant ist nicht bekannt.' });
      },
    );

    it('escapes boot data so a mandant name cannot break out of the script element', async () => {
      const response = await app.inject({ url: '/en/', headers: { host: 'gamma.localhost' } });
      const boot = bootDataOf(response.body);
      expect(boot.mandant.name).toBe('Gamma </script><script>alert(1)</script> & "Co" $& $\' \u2028');
      expect(boot.languageContent).toContainEqual({
        Key: 'gamma.evil',
        Value: '</script><!-- <script> \u2029 & done',
      });
      const element = response.body.slice(response.body.indexOf('id="boot-data">'));
      const content = element.slice('id="boot-data">'.length, element.indexOf('</script>'));
      expect(content).not.toMatch(/[<>&\u2028\u2029]/);
      // only the runtime's own module script and the data block
      expect(response.body.match(/<script/g)).toHaveLength(2);
      expect(response.body).toContain(
        '<title>Gamma &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp;',
      );
    });

    it('serves the same cached page twice and picks up a rebuilt index.html', async () => {
      const first = await app.inject({ url: '/de/', headers: { host: 'beta.localhost' } });
      const second = await app.inject({ url: '/de/', headers: { host: 'beta.localhost' } });
      expect(second.body).toBe(first.body);
      const file = path.join(dist.dir, 'index.html');
      const original = await readFile(file, 'utf8');
      await writeFile(
        file,
        original.replace('<div id="root"></div>', '<div id="root" data-build="2"></div>'),
      );
      try {
        const rebuilt = await app.inject({ url: '/de/', headers: { host: 'beta.localhost' } });
        expect(rebuilt.body).toContain('data-build="2"');
        expect(bootDataOf(rebuilt.body)).toEqual(bootDataOf(first.body));
      } finally {
        await writeFile(file, original);
      }
    });

    it('serves /index.html with the mandant injected too', async () => {
      const response = await app.inject({ url: '/index.html' });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(bootDataOf(response.body).mandantId).toBe('alpha');
    });

    it('answers HEAD like GET without a body', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/de/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe('');
    });

    it('answers other methods outside /api with 404 PSOF0011 JSON', async () => {
      const response = await app.inject({ method: 'POST', url: '/de/', payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0011');
    });

    it('answers 503 with a build hint while the runtime is not built', async () => {
      const file = path.join(dist.dir, 'index.html');
      await rename(file, `${file}.away`);
      try {
        const response = await app.inject({ url: '/de/', headers: { 'x-accept-language': 'en' } });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          code: 'PSOF0003',
          hint: expect.stringContaining('npm run build'),
        });
        expect(response.headers['cache-control']).toBe('no-store');
      } finally {
        await rename(`${file}.away`, file);
      }
      expect((await app.inject({ url: '/de/' })).statusCode).toBe(200);
    });
  });

  describe('runtime files', () => {
    it('serves hashed /assets/* for a year, immutable', async () => {
      const response = await app.inject({ url: '/assets/app-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toContain('runtime');
    });

    // (`/assets/../x` never gets here as such: URL parsing resolves the dots before routing.)
    it.each([
      '/assets/missing-123.js',
      '/assets/..%2findex.html',
      '/assets/x%2f..%2f..%2findex.html',
      '/assets/',
    ])('%s → 404 JSON, never index.html', async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0011');
    });

    it('serves other files of dist, revalidated on every use', async () => {
      const response = await app.inject({ url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('User-agent');
    });
  });

  describe('mandant assets', () => {
    it('serves a mandant file for a day', async () => {
      const response = await app.inject({ url: '/mandant-assets/alpha/img/logo.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['content-type']).toBe('image/svg+xml');
    });

    it('falls back to _base/assets', async () => {
      const response = await app.inject({ url: '/mandant-assets/beta/base-logo.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<svg');
    });

    it.each([
      '/mandant-assets/alpha/%2e%2e/mandant.json',
      '/mandant-assets/alpha/..%2fmandant.json',
      '/mandant-assets/alpha/img/..%2f..%2fmandant.json',
      '/mandant-assets/alpha/img%2f..%2f..%2f..%2fbeta%2fmandant.json',
      '/mandant-assets/alpha/%2fetc%2fpasswd',
      '/mandant-assets/alpha/missing.png',
      '/mandant-assets/alpha/',
    ])('refuses %s with 404 PSOF0011', async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PSOF0011');
    });

    it('answers an unknown mandant with 404 PSOF0010', async () => {
      const response = await app.inject({ url: '/mandant-assets/zeta/logo.svg' });
      expect(response.json().code).toBe('PSOF0010');
    });
  });

  describe('security headers', () => {
    it.each([
      '/',
      '/assets/app-abc123.js',
      '/api/v1/mandant/alpha',
      '/api/nope',
      '/mandant-assets/alpha/favicon.svg',
    ])('sends CSP without unsafe script sources and nosniff on %s', async (url) => {
      const response = await app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:");
      expect(csp).toContain("object-src 'none'; base-uri 'self'; form-action 'self'");
      expect(csp).not.toMatch(/unsafe-(eval|inline)/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('denies framing for a mandant without ModuleIntegratedFrame', async () => {
      const response = await app.inject({ url: '/', headers: { host: 'alpha.localhost' } });
      expect(frameAncestors(response.headers['content-security-policy'])).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    });

    it("allows the client's site and frameAncestors to frame a mandant with ModuleIntegratedFrame", async () => {
      for (const url of ['/', '/api/v1/beta/route/default']) {
        const response = await app.inject({ url, headers: { host: 'beta.example' } });
        expect(frameAncestors(response.headers['content-security-policy'])).toBe(
          "'self' https://www.beta-kunde.example https://partner.example",
        );
        expect(response.headers['x-frame-options']).toBeUndefined();
        expect(response.headers['content-security-policy']).toContain(
          "script-src 'self' https://stats.beta.example",
        );
      }
    });

    it('gives API answers no-store unless they are configuration', async () => {
      expect((await app.inject({ url: '/api/health' })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ url: '/api/docs' })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ url: '/api/v1/alpha/route/default' })).headers['cache-control']).toBe(
        'public, max-age=60',
      );
    });
  });
});
