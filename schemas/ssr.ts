import type { AxiosAdapter } from 'axios';
import type { BootData } from './api.ts';

/**
 * The contract between the server and the runtime's server entry (runtime/ssr/renderPage.tsx, built into
 * dist/ssr): the server imports the built file and calls `renderPage` for a page's first paint.
 */
export interface RenderPageRequest {
  /** Path and query of the request. */
  url: string;
  /** The same boot data the page embeds for the browser. */
  boot: BootData;
  /**
   * Whether the request carries the session cookie (SPEC 9 `psoe_token`). Without it the visitor is a
   * guest for sure, and a guest's redirects (a login-required page, a forced pre-page) are answered right
   * away; with it the browser restores the session first and decides.
   */
  sessionCookie: boolean;
  /** The request's Cookie header (the first paint reads the consent decision from it). */
  cookies: string;
  /** Answers the runtime's API calls in the server's own process (no network). */
  adapter: AxiosAdapter;
  /** After this the render stops; blocks still waiting are left to the browser. */
  timeoutMs: number;
  /** Errors while rendering (logged by the server; the page is still sent). */
  onError?: (error: unknown) => void;
}

export type RenderPageResult =
  | {
      kind: 'page';
      /** 404 for unknown locales and paths: the 404 page with the status to match. */
      status: 200 | 404;
      /** The markup of the root element's content. */
      html: string;
      /** The document title, as the browser sets it. */
      title: string;
      /** The page's block types, so their stylesheets and scripts go into the head. */
      blockTypes: string[];
      /** Other lazy modules the render used (manifest keys): their stylesheets go into the head too. */
      styleModules: string[];
      /** The API answers the render used, handed to the browser so hydrating needs no call. */
      answers: Record<string, unknown>;
    }
  /** Where a guest is sent instead (SPEC 2 guards), as an HTTP redirect. */
  | { kind: 'redirect'; to: string }
  /**
   * A page the server leaves to the browser: a redirect that needs the browser's stored language, or a
   * page whose guard depends on a session the browser is about to restore.
   */
  | { kind: 'browser' };

/** The element (JSON, after the root element) that carries the first paint's API answers to the browser. */
export const FIRST_PAINT_ANSWERS_ELEMENT_ID = 'first-paint-answers';

export type RenderPage = (request: RenderPageRequest) => Promise<RenderPageResult>;
