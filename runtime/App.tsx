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
};

/** The whole runtime in the browser: services, history-based router, the routed page. */
export function App({ registry, guards = defaultGuards, ...services }: AppProps) {
  return (
    <RuntimeProviders {...services}>
      <AppErrorBoundary>
        <BrowserRouter>
          <RoutedPage registry={registry} guards={guards} />
        </BrowserRouter>
      </AppErrorBoundary>
    </RuntimeProviders>
  );
}
