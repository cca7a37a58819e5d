import { localePath } from './localePath.ts';
import { type RouteParams, type RouteTable, routePath } from './routeTable.ts';
import { carryWidget } from './widget.ts';

export interface HrefTarget {
  /** A route name, e.g. `Homepage` or `Recommendation`. */
  name: string;
  params?: RouteParams;
  locale: string;
  /** The current location's query: its widget parameter is carried over. */
  currentSearch?: string;
  /** The target's own query (without the widget parameter). */
  search?: string;
}

/** The full href of a route name below the locale, or null when the mandant has no such route. */
export function buildHref(table: RouteTable, target: HrefTarget): string | null {
  const path = routePath(table, target.name, target.params);
  if (path === null) return null;
  return `${localePath(target.locale, path)}${carryWidget(target.currentSearch ?? '', target.search)}`;
}
