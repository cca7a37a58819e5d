import { useEffect, useMemo, useRef } from 'react';
import type { PageFile } from '../../domain/merge.ts';
import { detectLanguage } from '../boot/detectLanguage.ts';
import { readStoredLanguage } from '../i18n/languageStorage.ts';
import { useLanguageSync } from '../i18n/useLanguageSync.ts';
import type { BlockRegistry } from '../page/BlockRegistry.ts';
import { BlockSkeleton } from '../page/BlockSkeleton.tsx';
import { FALLBACK_NOT_FOUND_PAGE } from '../page/fallbackPages.ts';
import { PageRenderer } from '../page/PageRenderer.tsx';
import { useSessionFacts } from '../session/useSessionFacts.ts';
import { Shell } from '../shell/Shell.tsx';
import { useDefaultLanguage, useLanguages, useMandant, useRouteTable } from '../state/hooks.ts';
import { useNavigatedEvent } from '../tracking/useNavigatedEvent.ts';
import { decideRoute } from './decideRoute.ts';
import type { Guard } from './guards/Guard.ts';
import { Navigate, useLocation } from './navigation/index.ts';
import { RouteContext } from './RouteContext.ts';
import { NOT_FOUND_ROUTE } from './resolveLocation.ts';

export interface RoutedPageProps {
  registry: BlockRegistry;
  guards: readonly Guard[];
}

/**
 * Turns the current location into a page: redirects (SPEC navigation rules), then guards, then the
 * route's page schema inside the shell. Unknown locales and paths show the FileNotFound page.
 */
export function RoutedPage({ registry, guards }: RoutedPageProps) {
  const location = useLocation();
  const mandant = useMandant();
  const table = useRouteTable();
  const languages = useLanguages();
  const defaultLanguage = useDefaultLanguage();
  const session = useSessionFacts();
  const offered = languages.map((language) => language.code);
  const { decision, redirectTo, routeName, route, locale } = decideRoute(location, {
    mandant,
    table,
    languages: offered,
    defaultLanguage,
    // SPEC 2: a URL without a language takes the stored one, else the browser's, else the default. Only
    // asked for such a URL, which the server never renders (it has no stored language to go by).
    preferredLanguage:
      typeof window === 'undefined'
        ? defaultLanguage
        : detectLanguage({
            pathname: '',
            stored: readStoredLanguage(),
            browser: navigator.languages ?? [],
            offered,
            defaultLanguage,
          }),
    session,
    guards,
  });
  // The same object while the route is the same: a new one would update every block that reads it,
  // which also makes React give up hydrating server-rendered blocks that are still loading.
  const routeKey = route ? `${route.name}\n${JSON.stringify(route.params)}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: routeKey stands for route's content
  const stableRoute = useMemo(() => route, [routeKey]);
  const languageReady = useLanguageSync(locale);
  const mainRef = useFocusMainOnNavigation(location.pathname);

  const routePage: PageFile | undefined = mandant.pages[routeName];
  // A known route without a page schema is a configuration error; a missing 404 schema has a built-in stand-in.
  const misconfigured = !redirectTo && routeName !== NOT_FOUND_ROUTE && !routePage;
  useEffect(() => {
    if (misconfigured) console.error(`Route "${routeName}" has no page schema; showing ${NOT_FOUND_ROUTE}`);
  }, [misconfigured, routeName]);
  // SPEC 2: after each navigation a navigated event fires (trackers); not for redirects or waiting guards.
  useNavigatedEvent(decision ? null : { routeName, params: route?.params ?? {} }, location);

  if (redirectTo) return <Navigate to={redirectTo} replace />;
  const page = routePage ?? mandant.pages[NOT_FOUND_ROUTE] ?? FALLBACK_NOT_FOUND_PAGE;

  return (
    <Shell mainRef={mainRef} routeName={routeName}>
      {decision ? (
        // A guard waits for the session restore: nothing of the page yet, and not ready.
        <BlockSkeleton />
      ) : (
        <RouteContext.Provider value={stableRoute}>
          <PageRenderer key={location.pathname} page={page} registry={registry} holdReady={!languageReady} />
        </RouteContext.Provider>
      )}
    </Shell>
  );
}

/** After a client-side navigation (not the first load), focus moves to <main> like on a new page load. */
function useFocusMainOnNavigation(pathname: string) {
  const mainRef = useRef<HTMLElement | null>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    mainRef.current?.focus();
  }, [pathname]);
  return mainRef;
}
