import { createContext, useContext } from 'react';
import type { RouteParams } from './routeTable.ts';

/** The route a page renders: its name and the `:name` parameters of its path. */
export interface CurrentRoute {
  readonly name: string;
  readonly params: RouteParams;
}

export const RouteContext = createContext<CurrentRoute | null>(null);

/** The current route, for blocks that read path parameters (e.g. the admin login token). */
export function useRoute(): CurrentRoute {
  return useContext(RouteContext) ?? { name: '', params: {} };
}
