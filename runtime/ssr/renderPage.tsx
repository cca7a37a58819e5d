/**
 * The server's entry (built by `vite build --ssr` into dist/ssr): renders the first paint of a page from
 * the same boot data, page schema and blocks as the browser, which then hydrates it. The server imports
 * the built file, never this source (runtime/ and server/ stay apart); the contract is schemas/ssr.ts.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { blockRegistry } from '../../blocks/registry.ts';
import type { RenderPage, RenderPageRequest, RenderPageResult } from '../../schemas/ssr.ts';
import { App } from '../App.tsx';
import { configureApi, recordFirstPaintAnswers } from '../api/api.ts';
import { createRuntime } from '../boot/createRuntime.ts';
import { documentTitle } from '../page/usePageTitle.ts';
import { decideRoute } from '../router/decideRoute.ts';
import { defaultGuards } from '../router/guards/defaultGuards.ts';
import { SERVER_GUEST } from '../router/guards/Guard.ts';
import { StaticRouter } from '../router/navigation/index.ts';
import { NOT_FOUND_ROUTE } from '../router/resolveLocation.ts';
import { languageAtom } from '../state/atoms.ts';
import { takeServerModules } from './serverModules.ts';

/**
 * One render at a time: the runtime's API client is configured per process (api.ts), and a render's
 * calls must go out with its own mandant and language.
 */
let queue: Promise<unknown> = Promise.resolve();

export const renderPage: RenderPage = (request) => {
  const result = queue.then(() => render(request));
  queue = result.catch(() => undefined);
  return result;
};

async function render(request: RenderPageRequest): Promise<RenderPageResult> {
  const { store, i18n, languageLoader, config } = await createRuntime(request.boot, {
    cookies: request.cookies,
    now: Date.now(),
  });
  const url = new URL(request.url, 'http://server');
  const decided = decideRoute(
    { pathname: url.pathname, search: url.search, hash: '' },
    {
      mandant: config.mandant,
      table: config.routeTable,
      languages: config.languages.map((language) => language.code),
      defaultLanguage: config.defaultLanguage,
      preferredLanguage: config.defaultLanguage,
      // The server knows no session (the token lives in the browser): it renders what a guest may see,
      // and leaves pages that wait for a login, or send a guest elsewhere, to the browser.
      session: SERVER_GUEST,
      guards: defaultGuards,
    },
  );
  // A visitor with a session sees their own page: rendered in the browser once the session is restored,
  // not a guest's page that would change under them (ADR 0019).
  if (request.sessionCookie && !decided.decision) return { kind: 'browser' };
  if (decided.decision) {
    // A guard's redirect is final for a certain guest; the navigation rules' redirects (no language in
    // the URL) go by the language the browser stored, which the server does not know.
    const guardRedirect = decided.resolution.kind === 'page' && decided.redirectTo !== null;
    return guardRedirect && !request.sessionCookie && decided.redirectTo
      ? { kind: 'redirect', to: decided.redirectTo }
      : { kind: 'browser' };
  }
  const page = config.mandant.pages[decided.routeName];
  const notFound = decided.routeName === NOT_FOUND_ROUTE || !page;
  const shown = page ?? config.mandant.pages[NOT_FOUND_ROUTE];

  configureApi({
    mandantId: config.mandantId,
    getLanguage: () => store.get(languageAtom),
    adapter: request.adapter,
  });
  const recorded = recordFirstPaintAnswers();
  takeServerModules();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('first paint took too long')), request.timeoutMs);
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App
          store={store}
          i18n={i18n}
          languageLoader={languageLoader}
          registry={blockRegistry}
          router={({ children }) => (
            <StaticRouter location={`${url.pathname}${url.search}`}>{children}</StaticRouter>
          )}
        />
      </StrictMode>,
      {
        signal: abort.signal,
        onError: request.onError,
        // Every finished block inline, in place: React would otherwise move large ones to the end of the
        // document with an inline script to put them back, which our CSP (script-src 'self') forbids.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    return {
      kind: 'page',
      status: notFound ? 404 : 200,
      html,
      title: documentTitle(shown?.title ? i18n.t(shown.title) : '', config.mandant.name),
      blockTypes: (shown?.blocks ?? []).flatMap((block) => (block.type ? [block.type] : [])),
      answers: Object.fromEntries(recorded.answers),
      styleModules: takeServerModules(),
    };
  } finally {
    clearTimeout(timer);
    recorded.stop();
  }
}
