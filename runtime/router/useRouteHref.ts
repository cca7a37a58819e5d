import { useLanguage, useRouteTable } from '../state/hooks.ts';
import { buildHref } from './buildHref.ts';
import { useLocation } from './navigation/index.ts';
import type { RouteParams } from './routeTable.ts';

/** The href of a route name in the current language, keeping the widget parameter; null when unknown. */
export function useRouteHref(name: string, params?: RouteParams, search?: string): string | null {
  const table = useRouteTable();
  const locale = useLanguage();
  const { search: currentSearch } = useLocation();
  return buildHref(table, {
    name,
    locale,
    currentSearch,
    ...(params ? { params } : {}),
    ...(search ? { search } : {}),
  });
}
