import { isLocaleSegment, localePath, splitFirstSegment } from './localePath.ts';
import { matchRoute, type RouteParams, type RouteTable, routePath } from './routeTable.ts';

export interface LocationInput {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface ResolveContext {
  readonly table: RouteTable;
  /** Languages the mandant offers (SupportedLanguage.Sprache). */
  readonly languages: readonly string[];
  /** SupportedLanguage.Standard. */
  readonly defaultLanguage: string;
  /**
   * The language for a URL without one (SPEC 2: stored language, else browser languages, else the
   * default; see detectLanguage). Defaults to `defaultLanguage`.
   */
  readonly preferredLanguage?: string;
}

export type RedirectRule = 'root-to-home' | 'missing-locale' | 'locale-case' | 'code';

export interface RedirectResolution {
  readonly kind: 'redirect';
  readonly to: string;
  readonly rule: RedirectRule;
}

export interface PageResolution {
  readonly kind: 'page';
  readonly locale: string;
  readonly routeName: string;
  readonly params: RouteParams;
}

export interface NotFoundResolution {
  readonly kind: 'notFound';
  /** The language to show the 404 page in: the URL's locale when offered, else the default. */
  readonly locale: string;
  readonly reason: 'unknown-locale' | 'unknown-path';
}

export type Resolution = RedirectResolution | PageResolution | NotFoundResolution;

export const HOME_ROUTE = 'Homepage';
export const NOT_FOUND_ROUTE = 'FileNotFound';
export const CODE_ROUTE = 'Code';
/** SPEC 2 fixes this path: "/code goes to the recommendation-code page", whatever the mandant calls it. */
const CODE_PATH = '/code';

/**
 * Decides what a location shows, before any guard runs (SPEC section 2, "Screens and routes" and
 * "Navigation rules"). Pure: the router component turns the result into a redirect or a page.
 */
export function resolveLocation(location: LocationInput, context: ResolveContext): Resolution {
  const { table, languages, defaultLanguage } = context;
  const preferred = context.preferredLanguage ?? defaultLanguage;
  const keep = `${location.search}${location.hash}`;
  const { first, rest } = splitFirstSegment(location.pathname);

  // The root redirects to the home page in the visitor's language (the default unless stored or browser say otherwise).
  if (first === '') {
    const home = routePath(table, HOME_ROUTE) ?? '/';
    return { kind: 'redirect', to: `${localePath(preferred, home)}${keep}`, rule: 'root-to-home' };
  }

  // `/DE/faq` names a locale in the wrong case: treat it as the locale rather than as a path.
  if (/^[A-Za-z]{2}$/.test(first) && !isLocaleSegment(first)) {
    return { kind: 'redirect', to: `${localePath(first.toLowerCase(), rest)}${keep}`, rule: 'locale-case' };
  }

  // A path not starting with a two-letter locale is redirected to the visitor's language (e.g. /code).
  if (!isLocaleSegment(first)) {
    return {
      kind: 'redirect',
      to: `${localePath(preferred, location.pathname)}${keep}`,
      rule: 'missing-locale',
    };
  }

  // "/code goes to the recommendation-code page", also below an unknown locale and when the mandant
  // gave the Code route another path.
  const codePath = routePath(table, CODE_ROUTE);
  const isCode = rest.replace(/\/+$/, '').toLowerCase() === CODE_PATH;
  const known = languages.includes(first);
  if (isCode && codePath && (!known || codePath.toLowerCase() !== CODE_PATH)) {
    return {
      kind: 'redirect',
      to: `${localePath(known ? first : preferred, codePath)}${keep}`,
      rule: 'code',
    };
  }

  // An unknown locale (no translations) goes to the 404 page.
  if (!known) {
    return { kind: 'notFound', locale: defaultLanguage, reason: 'unknown-locale' };
  }

  // The home page is also reachable as `/{locale}` (alias /).
  const match = rest === '/' ? { name: HOME_ROUTE, params: {} } : matchRoute(table, rest);
  if (!match) return { kind: 'notFound', locale: first, reason: 'unknown-path' };
  return { kind: 'page', locale: first, routeName: match.name, params: match.params };
}
