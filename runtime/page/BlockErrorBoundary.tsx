import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface BlockErrorBoundaryProps {
  blockId: string;
  blockType: string;
  /** Rendered instead of the block once it has failed (remount the boundary, by `key`, to try again). */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface BlockErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * Contains a failing block (render error or chunk load error): the block shows the fallback, the rest of
 * the page stays. Tagged with the block's id and type so the console says which one broke.
 */
export class BlockErrorBoundary extends Component<BlockErrorBoundaryProps, BlockErrorBoundaryState> {
  override state: BlockErrorBoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): BlockErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const { blockId, blockType } = this.props;
    console.error(`Block "${blockId}" (type ${blockType}) failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
