import { AppErrorBoundary } from './page/AppErrorBoundary.tsx';
import type { BlockRegistry } from './page/BlockRegistry.ts';
import { RuntimeProviders, type RuntimeProvidersProps } from './RuntimeProviders.tsx';
import { defaultGuards } from './router/guards/defaultGuards.ts';
import type { Guard } from './router/guards/Guard.ts';
import { BrowserRouter, StaticRouter } from './router/navigation/index.ts';
import { RoutedPage } from './router/RoutedPage.tsx';

export type AppProps = Omit<RuntimeProvidersProps, 'children'> & {
  registry: BlockRegistry;
  guards?: readonly Guard[];
  /** On the server: the requested URL (path and query). In the browser the history decides. */
  location?: string;
};

/**
 * The whole runtime: services, router, the routed page. The server renders it at one location for the
 * first paint; the browser hydrates it with the history-based router.
 */
export function App({ registry, guards = defaultGuards, location, ...services }: AppProps) {
  const page = <RoutedPage registry={registry} guards={guards} />;
  return (
    <RuntimeProviders {...services}>
      <AppErrorBoundary>
        {location === undefined ? (
          <BrowserRouter useTransitions={false}>{page}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{page}</StaticRouter>
        )}
      </AppErrorBoundary>
    </RuntimeProviders>
  );
}
