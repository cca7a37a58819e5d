import { createContext, useContext } from 'react';

/** Where the app is: the parts of a URL that select a page. */
export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (redirects). */
  replace?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export interface Navigation {
  readonly location: RouterLocation;
  readonly navigate: NavigateFunction;
}

export const NavigationContext = createContext<Navigation | null>(null);

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('Router hooks need a <BrowserRouter> or <MemoryRouter> above them');
  return navigation;
}

export function useLocation(): RouterLocation {
  return useNavigation().location;
}

export function useNavigate(): NavigateFunction {
  return useNavigation().navigate;
}

/** Resolves `to` (absolute, or relative like `?q=1`) against the current location. */
export function resolveTo(to: string, from: RouterLocation): RouterLocation {
  // The origin is a placeholder: only path, query and hash are kept.
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}
