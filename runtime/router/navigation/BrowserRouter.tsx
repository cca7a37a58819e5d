import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { keepWidget } from '../widget.ts';
import {
  type NavigateOptions,
  NavigationContext,
  type RouterLocation,
  resolveTo,
} from './NavigationContext.ts';

export interface BrowserRouterProps {
  children: ReactNode;
}

function windowLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** Location from the browser's history: pushState on navigation, popstate for back and forward. */
export function BrowserRouter({ children }: BrowserRouterProps) {
  const [location, setLocation] = useState(windowLocation);
  useEffect(() => {
    const onPopState = () => setLocation(windowLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback((to: string, options: NavigateOptions = {}) => {
    const current = windowLocation();
    const next = keepWidget(resolveTo(to, current), current.search);
    const url = `${next.pathname}${next.search}${next.hash}`;
    if (options.replace) window.history.replaceState(null, '', url);
    else {
      window.history.pushState(null, '', url);
      // A new page starts at its top, as after a full page load.
      window.scrollTo(0, 0);
    }
    setLocation(windowLocation());
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
