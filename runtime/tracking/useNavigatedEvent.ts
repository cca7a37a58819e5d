import { useEffect } from 'react';
import type { RouterLocation } from '../router/navigation/index.ts';
import { emitNavigated } from './navigated.ts';

export interface RoutedPageName {
  readonly routeName: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Fires the navigated event once a page (not a redirect) is on screen. Call it in the router component
 * above the page: effects run child first, so the page has already set `document.title`.
 */
export function useNavigatedEvent(page: RoutedPageName | null, { pathname, search }: RouterLocation): void {
  const routeName = page?.routeName;
  const params = page?.params ?? {};
  // biome-ignore lint/correctness/useExhaustiveDependencies: params belong to the path; a new object is no navigation
  useEffect(() => {
    if (routeName) emitNavigated({ routeName, params, pathname, search, title: document.title });
  }, [routeName, pathname, search]);
}
