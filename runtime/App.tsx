import type { ComponentType, ReactNode } from 'react';
import { AppErrorBoundary } from './page/AppErrorBoundary.tsx';
import type { BlockRegistry } from './page/BlockRegistry.ts';
import { RuntimeProviders, type RuntimeProvidersProps } from './RuntimeProviders.tsx';
import { defaultGuards } from './router/guards/defaultGuards.ts';
import type { Guard } from './router/guards/Guard.ts';
import { BrowserRouter } from './router/navigation/index.ts';
import { RoutedPage } from './router/RoutedPage.tsx';

export type AppProps = Omit<RuntimeProvidersProps, 'children'> & {
  registry: BlockRegistry;
  guards?: readonly Guard[];
  /** The router around the page: the browser's history by default; the server passes its static router. */
  router?: ComponentType<{ children: ReactNode }>;
};

/** History-based routing; navigations render at once (no transition keeps the old page). */
function HistoryRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

/**
 * The whole runtime: services, router, the routed page. The server renders it at one location for the
 * first paint; the browser hydrates it with the history-based router.
 */
export function App({
  registry,
  guards = defaultGuards,
  router: Router = HistoryRouter,
  ...services
}: AppProps) {
  return (
    <RuntimeProviders {...services}>
      <AppErrorBoundary>
        <Router>
          <RoutedPage registry={registry} guards={guards} />
        </Router>
      </AppErrorBoundary>
    </RuntimeProviders>
  );
}
