import { splitFirstSegment } from '../router/localePath.ts';
import { useLocation } from '../router/navigation/index.ts';

/**
 * The Pfad of the category page being shown: the path below the locale, without slashes at either end
 * and in lower case (routes match case-insensitively). `/de/internet/hybrid` → `internet/hybrid`.
 */
export function useCategoryPath(): string {
  const { pathname } = useLocation();
  const { rest } = splitFirstSegment(pathname);
  let path = rest;
  try {
    path = decodeURIComponent(rest);
  } catch {
    // A malformed escape cannot name a category; compare it as it is.
  }
  return path.replace(/^\/+|\/+$/g, '').toLowerCase();
}
