import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import axios, { type AxiosAdapter, AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie } from '../../domain/cookies.ts';
import { CONSENT_COOKIE_NAME, TOKEN_COOKIE_NAME } from '../../schemas/constants.ts';
import { FIRST_PAINT_ANSWERS_ELEMENT_ID, type RenderPage, type RenderPageResult } from '../../schemas/ssr.ts';
import { AREA_REGISTRY_FILE, isAreaBlock } from '../cli/blockRegistry.ts';
import type { IndexPage } from './IndexPages.ts';
import { escapeHtml, HEAD_END, TITLE } from './renderIndexHtml.ts';
import { serializeForScript } from './serializeForScript.ts';

/** A first paint that takes longer is sent with what is ready; the browser renders the rest. */
const RENDER_TIMEOUT_MS = 3000;
const ROOT_ELEMENT = /<div id="root"><\/div>/;

/** How long a cacheable first paint is kept at most, and how many per mandant and language. */
const DEFAULT_MAX_AGE_S = 60;
const MAX_CACHED_PAGES = 500;

/** How long an API answer may be shared: its `public` max-age, or undefined when it is private. */
interface CachePolicy {
  maxAge: number | undefined;
}

interface CachedPage {
  page: FirstPaintPage;
  until: number;
}

/** The max-age of a `public` Cache-Control value; undefined for anything private, no-store or missing. */
export function publicMaxAge(header: string | string[] | number | undefined): number | undefined {
  const value = String(header ?? '').toLowerCase();
  if (!/(^|,)\s*public\s*(,|$)/.test(value) || /no-store|private|no-cache/.test(value)) return undefined;
  const match = /max-age=(\d+)/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** What of the Vite manifest the server reads: per source module its chunk, its imports and its styles. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

interface Renderer {
  version: string;
  renderPage: RenderPage;
  manifest: Manifest;
}

export type FirstPaintPage = { status: number; html: string } | { redirect: string };

/**
 * Renders a page's first paint on the server (docs/adr/0019): the runtime's server entry (dist/ssr, built
 * with the runtime) renders the same page schema and blocks the browser will hydrate. Its API calls are
 * answered by this process through Fastify's inject, as the requesting client. The page's block styles
 * and scripts go into the head, so the first paint is styled and hydrates without a chunk waterfall.
 */
export class FirstPaint {
  readonly #distDir: string | undefined;
  readonly #app: FastifyInstance;
  #renderer: Promise<Renderer | undefined> | undefined;
  readonly #cache = new WeakMap<IndexPage, { renderer: Renderer; pages: Map<string, CachedPage> }>();
  #version: string | undefined;
  #rebuiltWarned = false;

  constructor(distDir: string | undefined, app: FastifyInstance) {
    this.#distDir = distDir;
    this.#app = app;
  }

  /**
   * `index` is the page with the mandant's boot data; the answer has the first paint in it, or is
   * `index` unchanged (the page waits for a login, the runtime has no server entry, the render failed).
   */
  async render(request: FastifyRequest, index: IndexPage): Promise<FirstPaintPage> {
    const renderer = await this.#load(request.log);
    if (!renderer) return { status: 200, html: index.html };
    const sessionCookie = hasSessionCookie(request.headers.cookie);
    // What the first paint depends on besides the page: the URL, whether a session may exist, the consent
    // decision (the banner). A new build or new texts make a new IndexPage, and with it an empty cache.
    const key = `${request.url}\n${sessionCookie}\n${readCookie(request.headers.cookie ?? '', CONSENT_COOKIE_NAME) ?? ''}`;
    let cache = this.#cache.get(index);
    if (!cache || cache.renderer !== renderer) {
      cache = { renderer, pages: new Map() };
      this.#cache.set(index, cache);
    }
    const cached = cache.pages.get(key);
    if (cached && cached.until > Date.now()) return cached.page;
    const answers: CachePolicy[] = [];
    let result: RenderPageResult;
    try {
      result = await renderer.renderPage({
        url: request.url,
        boot: index.boot,
        sessionCookie,
        cookies: request.headers.cookie ?? '',
        adapter: this.#adapter(request, answers),
        timeoutMs: RENDER_TIMEOUT_MS,
        onError: (error) => request.log.warn({ err: error }, 'first paint: a block failed on the server'),
      });
    } catch (error) {
      request.log.error({ err: error }, 'first paint failed; the browser renders the page');
      return { status: 200, html: index.html };
    }
    const page = this.#page(renderer, index.html, result);
    // A first paint made only of public answers (products, content, configuration) is the same for every
    // guest: it is kept as long as its shortest-lived answer may be. One that read anything personal (a
    // recipient's link, a session) is never kept.
    const maxAge = answers.reduce(
      (shortest, answer) => Math.min(shortest, answer.maxAge ?? 0),
      DEFAULT_MAX_AGE_S,
    );
    if (maxAge > 0) {
      if (cache.pages.size >= MAX_CACHED_PAGES) cache.pages.delete(cache.pages.keys().next().value ?? '');
      cache.pages.set(key, { page, until: Date.now() + maxAge * 1000 });
    }
    return page;
  }

  #page(renderer: Renderer, index: string, result: RenderPageResult): FirstPaintPage {
    if (result.kind === 'browser') return { status: 200, html: index };
    if (result.kind === 'redirect') return { redirect: result.to };
    // React puts the resource hints of the first paint (preloads of the pictures it fetches first) at the
    // start of the markup; in the head the browser finds them before anything else.
    const hints = /^(?:<link [^>]*>)+/.exec(result.html)?.[0] ?? '';
    const body = result.html.slice(hints.length);
    const head = [
      ...(hints.match(/<link [^>]*>/g) ?? []),
      ...headLinks(renderer.manifest, result.blockTypes, result.styleModules),
    ];
    const html = index
      .replace(TITLE, () => `<title>${escapeHtml(result.title)}</title>`)
      .replace(
        HEAD_END,
        (_end, indent: string) => `${head.map((line) => `${indent}  ${line}\n`).join('')}${indent}</head>`,
      )
      .replace(
        ROOT_ELEMENT,
        () =>
          `<div id="root" data-first-paint="server">${body}</div>` +
          `<script type="application/json" id="${FIRST_PAINT_ANSWERS_ELEMENT_ID}">${serializeForScript(result.answers)}</script>`,
      );
    return { status: result.status, html };
  }

  /**
   * The built server entry, loaded once: Node keeps a module for the life of the process, and its chunks
   * import the entry by its plain path (a cache-busting query would give them a second, unconfigured
   * copy). After a rebuild while the server runs, pages are left to the browser until the next start.
   */
  async #load(log: FastifyBaseLogger): Promise<Renderer | undefined> {
    if (!this.#distDir) return undefined;
    const entry = path.join(this.#distDir, 'ssr', 'renderPage.js');
    const info = await stat(entry).catch(() => undefined);
    const version = info ? `${info.mtimeMs}:${info.size}` : 'none';
    if (!this.#renderer) {
      this.#version = version;
      this.#renderer = info ? loadRenderer(entry, this.#distDir, version, log) : Promise.resolve(undefined);
    } else if (version !== this.#version) {
      if (!this.#rebuiltWarned)
        log.warn('the runtime was rebuilt: restart the server to render first paints again');
      this.#rebuiltWarned = true;
      return undefined;
    }
    return this.#renderer;
  }

  /** The runtime's calls, answered in process: same path, headers and source address as a browser's. */
  #adapter(request: FastifyRequest, answers: CachePolicy[]): AxiosAdapter {
    const app = this.#app;
    return async (config) => {
      const headers = AxiosHeaders.from(config.headers as AxiosHeaders).toJSON(true) as Record<
        string,
        string
      >;
      const body = config.data === undefined || config.data === null ? undefined : (config.data as string);
      // A call without a body has no content type (axios names one anyway; Fastify refuses it with 415).
      if (body === undefined)
        for (const name of Object.keys(headers))
          if (name.toLowerCase() === 'content-type') delete headers[name];
      const response = await app.inject({
        method: (config.method ?? 'get').toUpperCase() as 'GET',
        url: axios.getUri(config),
        headers: { ...headers, host: request.host },
        remoteAddress: request.ip,
        ...(body === undefined ? {} : { payload: body }),
      });
      answers.push({ maxAge: publicMaxAge(response.headers['cache-control']) });
      const answer: AxiosResponse = {
        data: response.body,
        status: response.statusCode,
        statusText: response.statusMessage,
        headers: response.headers as AxiosResponse['headers'],
        config,
        request: {},
      };
      if (
        config.validateStatus?.(response.statusCode) ??
        (response.statusCode >= 200 && response.statusCode < 300)
      ) {
        return answer;
      }
      throw new AxiosError(
        `Request failed with status code ${response.statusCode}`,
        response.statusCode >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        answer,
      );
    };
  }
}

/** Whether a Cookie header holds a non-empty session cookie (its value is the browser's business). */
export function hasSessionCookie(header: string | undefined): boolean {
  return (readCookie(header ?? '', TOKEN_COOKIE_NAME) ?? '') !== '';
}

async function loadRenderer(
  entry: string,
  distDir: string,
  version: string,
  log: FastifyBaseLogger,
): Promise<Renderer | undefined> {
  try {
    const module = (await import(pathToFileURL(entry).href)) as {
      renderPage: RenderPage;
    };
    const manifest = JSON.parse(
      await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8').catch(() => '{}'),
    ) as Manifest;
    return { version, renderPage: module.renderPage, manifest };
  } catch (error) {
    log.error({ err: error }, 'the runtime server entry could not be loaded; pages render in the browser');
    return undefined;
  }
}

/**
 * Stylesheets and module preloads of the page's blocks and what they import. A block's module is the
 * registry's convention `blocks/<Type>/<Type>.tsx` (server/cli/generateBlockRegistry.ts writes it).
 */
export function headLinks(
  manifest: Manifest,
  blockTypes: readonly string[],
  styleModules: readonly string[] = [],
): string[] {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, isBlock: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const css of chunk.css ?? []) styles.add(css);
    if (isBlock || key.startsWith('_')) scripts.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  for (const type of new Set(blockTypes)) {
    // An area block's loader is in the area registry's chunk (server/cli/blockRegistry.ts): preload it too.
    if (isAreaBlock(type)) visit(`../${AREA_REGISTRY_FILE}`, true);
    visit(`../blocks/${type}/${type}.tsx`, true);
  }
  // Styles only: their script loads later by itself (the consent chunk, once the page has settled).
  for (const key of styleModules) for (const css of manifest[key]?.css ?? []) styles.add(css);
  // The entry's own styles and chunks, and those of what it imports, are in index.html already.
  const inIndex = new Set<string | undefined>();
  const entry = manifest['index.html'];
  for (const chunk of [entry, ...(entry?.imports ?? []).map((key) => manifest[key])]) {
    inIndex.add(chunk?.file);
    for (const css of chunk?.css ?? []) inIndex.add(css);
  }
  return [
    ...[...styles]
      .filter((file) => !inIndex.has(file))
      .map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
    ...[...scripts]
      .filter((file) => !inIndex.has(file))
      .map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`),
  ];
}
