import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { themeStylesheet } from '../../domain/theme.ts';
import { MANDANT_ASSETS_PREFIX } from '../../schemas/api.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { isApiPath } from '../http/isApiPath.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { FirstPaint } from './FirstPaint.ts';
import { IndexPages, pageLanguage, THEME_STYLESHEET } from './IndexPages.ts';
import { IndexTemplate } from './IndexTemplate.ts';
import { safeRelativePath } from './safeRelativePath.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;
const BUILD_HINT = 'The runtime is not built: run `npm run build` (or start with `npm start`), then reload.';

/**
 * Serves the built runtime and the mandants' own files:
 * - /assets/* from dist (hashed names, cached for a year, immutable), brotli or gzip as precompressed;
 * - /mandant-assets/{id}/* from mandants/{id}/assets, then _base/assets (cached a day);
 * - other files in dist (robots.txt …) revalidated on every use;
 * - every other GET outside /api → index.html for the host's mandant, with boot data (never cached).
 * It owns the not-found handler because the SPA fallback is what "not found" means outside the API.
 */
export const staticPlugin = globalPlugin('static', async (app) => {
  const { distDir } = app.config;
  const template = new IndexTemplate(distDir);
  const pages = new IndexPages();
  const firstPaint = new FirstPaint(distDir, app);

  // serve: false — only reply.sendFile; every route below chooses its root and cache policy.
  // preCompressed: a file's `.br`/`.gz` sibling goes out by Accept-Encoding (br first, Vary set); the build
  // writes them for /assets (runtime/build/precompressPlugin.ts). Elsewhere there are none, the file itself
  // goes out and server/plugins/compressPlugin.ts compresses it while sending.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  // compress: false — precompressed at the best quality already; the rest is small or a binary format.
  const assetRoute = { schema: { hide: true }, compress: false } as const;
  app.get<{ Params: { '*': string } }>('/assets/*', assetRoute, async (request, reply) => {
    const file = safeRelativePath(request.params['*']);
    if (!distDir || file === undefined) throw new ApiProblem('PSOF0011');
    return reply.sendFile(file, path.join(distDir, 'assets'), { immutable: true, maxAge: ONE_YEAR_MS });
  });

  // The theme as a stylesheet (it shadows a file of that name among the mandant's assets).
  app.get<{ Params: { mandant: string } }>(
    `${MANDANT_ASSETS_PREFIX}/:mandant/${THEME_STYLESHEET}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const mandant = app.mandants.get(request.params.mandant);
      if (!mandant) throw new ApiProblem('PSOF0010');
      return reply
        .header('cache-control', `public, max-age=${ONE_DAY_MS / 1000}`)
        .type('text/css; charset=utf-8')
        .send(themeStylesheet(mandant.response.theme));
    },
  );

  app.get<{ Params: { mandant: string; '*': string } }>(
    `${MANDANT_ASSETS_PREFIX}/:mandant/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const mandant = app.mandants.get(request.params.mandant);
      if (!mandant) throw new ApiProblem('PSOF0010');
      const file = safeRelativePath(request.params['*']);
      const root = file === undefined ? undefined : await firstRootWith(file, mandant.assetRoots);
      if (file === undefined || root === undefined) throw new ApiProblem('PSOF0011');
      return reply.sendFile(file, root, { maxAge: ONE_DAY_MS });
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isPageRequest(request, pathname)) throw new ApiProblem('PSOF0011');
    const file = distDir ? await distFile(distDir, pathname) : undefined;
    if (distDir && file !== undefined) {
      return reply.header('cache-control', 'no-cache').sendFile(file, distDir, { cacheControl: false });
    }
    return sendIndex(request, reply, pathname);
  });

  async function sendIndex(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
  ): Promise<FastifyReply> {
    const mandant = app.mandants.forHost(request.host);
    if (!mandant) throw new ApiProblem('PSOF0010');
    const current = await template.read();
    if (!current) throw new ApiProblem('PSOF0003', undefined, { hint: BUILD_HINT });
    const language = pageLanguage(pathname, mandant);
    // The UI texts as the content provider has them (a CMS may change or add them without a build).
    const texts = await app.content
      .of(mandant.id)
      .languageContent(language)
      .catch(() => undefined);
    const index = pages.render(current, mandant, language, texts);
    const page = await firstPaint.render(request, index);
    if ('redirect' in page) return reply.header('cache-control', 'no-cache').redirect(page.redirect, 302);
    return reply
      .code(page.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.html);
  }
});

function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const lower = pathname.toLowerCase();
  return !isApiPath(lower) && !lower.startsWith('/assets/') && !lower.startsWith(`${MANDANT_ASSETS_PREFIX}/`);
}

/** A file directly in dist (not index.html, which is only served with a mandant injected). */
async function distFile(distDir: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(1));
  } catch {
    return undefined;
  }
  const file = safeRelativePath(decoded);
  // index.html only with a mandant in it; the server entry and the build manifest are the server's own.
  if (file === undefined || file === 'index.html' || /^(ssr|\.vite)(\/|$)/.test(file)) return undefined;
  return (await stat(path.join(distDir, file)).catch(() => undefined))?.isFile() ? file : undefined;
}

async function firstRootWith(file: string, roots: readonly string[]): Promise<string | undefined> {
  for (const root of roots) {
    if ((await stat(path.join(root, file)).catch(() => undefined))?.isFile()) return root;
  }
  return undefined;
}
