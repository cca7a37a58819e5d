/** A frame with this query parameter is a widget frame (SPEC section 2); the parameter survives navigation. */
export const WIDGET_QUERY_PARAM = 'widget';

/**
 * Adds the current location's widget parameter to a target query unless the target sets its own.
 * Returns the query with its leading `?`, or an empty string.
 */
export function carryWidget(currentSearch: string, targetSearch = ''): string {
  const target = new URLSearchParams(targetSearch);
  const widget = new URLSearchParams(currentSearch).get(WIDGET_QUERY_PARAM);
  if (widget !== null && !target.has(WIDGET_QUERY_PARAM)) target.set(WIDGET_QUERY_PARAM, widget);
  const query = target.toString();
  return query ? `?${query}` : '';
}

/**
 * SPEC 2: "The widget query parameter is carried over between navigations" — also by navigate() and
 * redirects, not only by RouteLink. A target with its own widget parameter, or a current location
 * without one, stays as it is.
 */
export function keepWidget<T extends { search: string }>(next: T, currentSearch: string): T {
  const widget = new URLSearchParams(currentSearch).get(WIDGET_QUERY_PARAM);
  if (widget === null || new URLSearchParams(next.search).has(WIDGET_QUERY_PARAM)) return next;
  return { ...next, search: carryWidget(currentSearch, next.search) };
}
