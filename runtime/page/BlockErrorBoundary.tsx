import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface BlockErrorBoundaryProps {
  blockId: string;
  blockType: string;
  /** Rendered instead of the block once it has failed. */
  fallback: ReactNode;
  children: ReactNode;
}

interface BlockErrorBoundaryState {
  failed: boolean;
}

/**
 * Contains a failing block (render error or chunk load error): the block shows the fallback, the rest of
 * the page stays. Tagged with the block's id and type so the console says which one broke.
 */
export class BlockErrorBoundary extends Component<BlockErrorBoundaryProps, BlockErrorBoundaryState> {
  override state: BlockErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): BlockErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const { blockId, blockType } = this.props;
    console.error(`Block "${blockId}" (type ${blockType}) failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
