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
}

export type RedirectRule = 'root-to-home' | 'missing-locale' | 'locale-case';

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

/**
 * Decides what a location shows, before any guard runs (SPEC section 2, "Screens and routes" and
 * "Navigation rules"). Pure: the router component turns the result into a redirect or a page.
 */
export function resolveLocation(location: LocationInput, context: ResolveContext): Resolution {
  const { table, languages, defaultLanguage } = context;
  const keep = `${location.search}${location.hash}`;
  const { first, rest } = splitFirstSegment(location.pathname);

  // The root redirects to the home page in the default language.
  if (first === '') {
    const home = routePath(table, HOME_ROUTE) ?? '/';
    return { kind: 'redirect', to: `${localePath(defaultLanguage, home)}${keep}`, rule: 'root-to-home' };
  }

  // `/DE/faq` names a locale in the wrong case: treat it as the locale rather than as a path.
  if (/^[A-Za-z]{2}$/.test(first) && !isLocaleSegment(first)) {
    return { kind: 'redirect', to: `${localePath(first.toLowerCase(), rest)}${keep}`, rule: 'locale-case' };
  }

  // A path not starting with a two-letter locale is redirected to the default language (e.g. /code).
  if (!isLocaleSegment(first)) {
    return {
      kind: 'redirect',
      to: `${localePath(defaultLanguage, location.pathname)}${keep}`,
      rule: 'missing-locale',
    };
  }

  // An unknown locale (no translations) goes to the 404 page.
  if (!languages.includes(first)) {
    return { kind: 'notFound', locale: defaultLanguage, reason: 'unknown-locale' };
  }

  // The home page is also reachable as `/{locale}` (alias /).
  const match = rest === '/' ? { name: HOME_ROUTE, params: {} } : matchRoute(table, rest);
  if (!match) return { kind: 'notFound', locale: first, reason: 'unknown-path' };
  return { kind: 'page', locale: first, routeName: match.name, params: match.params };
}
