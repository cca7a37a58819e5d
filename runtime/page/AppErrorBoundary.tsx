import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage.tsx';

export interface AppErrorBoundaryProps {
  children: ReactNode;
}

interface AppErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Last line of defence around the routed page (SPEC 8: "A failed app render is logged to the console"):
 * an error page instead of a blank screen. Failing blocks are contained further down, per block.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The page could not be rendered', error, info.componentStack);
    document.body.dataset.pageReady = 'error';
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <ErrorPage error={this.state.error} onRetry={() => window.location.reload()} />;
  }
}
