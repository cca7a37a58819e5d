import { LOCALE_PATTERN } from '../../schemas/constants.ts';

/** Joins a locale and a path below it; the root of a locale is `/{locale}/` (the form the server links to). */
export function localePath(locale: string, path: string): string {
  return path === '/' || path === '' ? `/${locale}/` : `/${locale}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Splits `/de/faq` into the first segment and the rest (`/faq`); the rest of `/de` is `/`. */
export function splitFirstSegment(pathname: string): { first: string; rest: string } {
  const trimmed = pathname.replace(/^\/+/, '');
  const slash = trimmed.indexOf('/');
  if (slash === -1) return { first: trimmed, rest: '/' };
  return { first: trimmed.slice(0, slash), rest: trimmed.slice(slash) || '/' };
}

/**
 * Switching language rewrites the locale segment and keeps the rest of the path, the query and the hash
 * (SPEC section 2, language rules). A path without a locale gets one in front.
 */
export function rewriteLocale(
  location: { pathname: string; search: string; hash: string },
  locale: string,
): string {
  const { first, rest } = splitFirstSegment(location.pathname);
  const path = /^[a-z]{2}$/i.test(first) ? rest : location.pathname;
  return `${localePath(locale, path)}${location.search}${location.hash}`;
}

export function isLocaleSegment(segment: string): boolean {
  return LOCALE_PATTERN.test(segment);
}
