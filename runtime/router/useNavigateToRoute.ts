import { useCallback } from 'react';
import { useLanguage, useLanguages, useRouteTable } from '../state/hooks.ts';
import { buildHref } from './buildHref.ts';
import { useLocation, useNavigate } from './navigation/index.ts';
import type { RouteParams } from './routeTable.ts';

export interface NavigateToRouteOptions {
  params?: RouteParams;
  search?: string;
  /** Replace the current history entry (after a login, "back" should not return to the form). */
  replace?: boolean;
  /** Another offered language than the current one (e.g. the language stored with the account). */
  locale?: string;
}

/**
 * Navigates to a route by name in the current language, keeping the widget parameter. Returns false when
 * the mandant has no such route.
 */
export function useNavigateToRoute(): (name: string, options?: NavigateToRouteOptions) => boolean {
  const navigate = useNavigate();
  const table = useRouteTable();
  const current = useLanguage();
  const offered = useLanguages();
  const { search: currentSearch } = useLocation();
  return useCallback(
    (name, options = {}) => {
      const wanted = options.locale;
      const locale = wanted && offered.some((language) => language.code === wanted) ? wanted : current;
      const href = buildHref(table, {
        name,
        locale,
        currentSearch,
        ...(options.params ? { params: options.params } : {}),
        ...(options.search ? { search: options.search } : {}),
      });
      if (href === null) return false;
      navigate(href, options.replace ? { replace: true } : {});
      return true;
    },
    [navigate, table, current, offered, currentSearch],
  );
}
