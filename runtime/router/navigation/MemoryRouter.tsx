import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { keepWidget } from '../widget.ts';
import {
  type NavigateOptions,
  NavigationContext,
  type RouterLocation,
  resolveTo,
} from './NavigationContext.ts';

export interface MemoryRouterProps {
  /** History entries to start with; the last one is the current location. */
  initialEntries?: readonly string[];
  children: ReactNode;
}

const ROOT: RouterLocation = { pathname: '/', search: '', hash: '' };

/** A history held in memory, for Storybook and tests. */
export function MemoryRouter({ initialEntries = ['/'], children }: MemoryRouterProps) {
  const [entries, setEntries] = useState<readonly RouterLocation[]>(() =>
    initialEntries.map((entry) => resolveTo(entry, ROOT)),
  );
  const location = entries[entries.length - 1] ?? ROOT;
  const navigate = useCallback((to: string, options: NavigateOptions = {}) => {
    setEntries((previous) => {
      const current = previous[previous.length - 1] ?? ROOT;
      const next = keepWidget(resolveTo(to, current), current.search);
      return options.replace ? [...previous.slice(0, -1), next] : [...previous, next];
    });
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
