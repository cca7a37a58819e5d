import { useCallback } from 'react';
import { useLocation, useNavigate as useRouterNavigate } from 'react-router-dom';
import { keepWidget } from '../widget.ts';

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (redirects). */
  replace?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/**
 * react-router's navigate with SPEC 2's rules: the current `?widget=` parameter is carried to the target
 * (unless it sets its own), and a pushed page starts at its top as after a full page load. `to` may be
 * relative to the current location (`?page=2`, `#top`).
 */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (to: string, options: NavigateOptions = {}) => {
      // The origin is a placeholder: only path, query and hash are kept.
      const url = new URL(to, `http://app${pathname}${search}`);
      const next = keepWidget({ pathname: url.pathname, search: url.search, hash: url.hash }, search);
      void navigate(next, { replace: options.replace === true });
      if (!options.replace) window.scrollTo(0, 0);
    },
    [navigate, pathname, search],
  );
}
