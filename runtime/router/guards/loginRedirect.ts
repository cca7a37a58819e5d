import type { RouteParams } from '../routeTable.ts';

/** Query parameters that carry the page to return to after login (SPEC 2: route name and params). */
export const REDIRECT_QUERY = 'redirect';
export const REDIRECT_PARAMS_QUERY = 'redirectParams';

export interface LoginRedirect {
  readonly name: string;
  readonly params: RouteParams;
}

/** `redirect=Dashboard` (and `redirectParams={"productId":"7"}` when the route has parameters). */
export function loginRedirectSearch(target: LoginRedirect): string {
  const query = new URLSearchParams({ [REDIRECT_QUERY]: target.name });
  if (Object.keys(target.params).length > 0) query.set(REDIRECT_PARAMS_QUERY, JSON.stringify(target.params));
  return `?${query.toString()}`;
}

function isParams(value: unknown): value is RouteParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/**
 * The page to return to, read from a login URL's query; null when there is none or it is malformed. Only
 * a route name travels, never a URL, so the redirect cannot lead off the site.
 */
export function readLoginRedirect(search: string): LoginRedirect | null {
  const query = new URLSearchParams(search);
  const name = query.get(REDIRECT_QUERY);
  if (!name || !/^[A-Z][A-Za-z]+$/.test(name)) return null;
  const raw = query.get(REDIRECT_PARAMS_QUERY);
  if (raw === null) return { name, params: {} };
  try {
    const params: unknown = JSON.parse(raw);
    return isParams(params) ? { name, params } : null;
  } catch {
    return null;
  }
}
