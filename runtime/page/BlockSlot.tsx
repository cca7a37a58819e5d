import { memo, Suspense, useState } from 'react';
import type { PageBlockEntry } from '../../domain/merge.ts';
import { LAZY_PAGE_TIMEOUT_MS } from '../../schemas/constants.ts';
import { BlockErrorBoundary } from './BlockErrorBoundary.tsx';
import { BlockNotice } from './BlockNotice.tsx';
import type { BlockRegistry } from './BlockRegistry.ts';
import { BlockSkeleton } from './BlockSkeleton.tsx';
import styles from './BlockSlot.module.css';
import { FailureMessage } from './FailureMessage.tsx';
import { ChunkLoadError, evictLazyBlock, isRegistered, lazyBlock } from './lazyBlock.ts';
import { SettledSignal } from './SettledSignal.tsx';
import { UnknownBlock } from './UnknownBlock.tsx';

export interface BlockSlotProps {
  block: PageBlockEntry;
  registry: BlockRegistry;
  /** Called once the block has rendered, failed, or turned out to be unknown. */
  onSettled: () => void;
  /** How long the block's code may take to load (SPEC 8: 120 s); tests pass less. */
  timeoutMs?: number;
}

/**
 * One block of a page: loaded lazily, behind Suspense and an error boundary tagged with its id. Memoised:
 * a page re-renders as its blocks settle, and a server-rendered block still hydrating must not get an
 * update then (React would give up its server markup and show the skeleton).
 */
export const BlockSlot = memo(function BlockSlot({
  block,
  registry,
  onSettled,
  timeoutMs = LAZY_PAGE_TIMEOUT_MS,
}: BlockSlotProps) {
  const type = block.type ?? '';
  const [attempt, setAttempt] = useState(0);
  if (!isRegistered(registry, type)) {
    return (
      <div data-block-id={block.id} data-block-type={type}>
        <UnknownBlock blockId={block.id} blockType={type || '(none)'} />
        <SettledSignal onSettled={onSettled} />
      </div>
    );
  }
  const Block = lazyBlock(registry, type, timeoutMs);
  // A chunk that did not arrive (offline, timeout) may arrive on a second try; a render error would not.
  const failed = (error: unknown) => (
    <>
      {error instanceof ChunkLoadError ? (
        <div className={styles.notice}>
          <FailureMessage
            error={error}
            onRetry={() => {
              evictLazyBlock(registry, type);
              setAttempt(attempt + 1);
            }}
          />
        </div>
      ) : (
        <BlockNotice message="runtime.block.error" />
      )}
      <SettledSignal onSettled={onSettled} />
    </>
  );
  return (
    <div data-block-id={block.id} data-block-type={type}>
      <BlockErrorBoundary key={attempt} blockId={block.id} blockType={type} fallback={failed}>
        <Suspense fallback={<BlockSkeleton />}>
          <Block {...(block.props ?? {})} />
          <SettledSignal onSettled={onSettled} />
        </Suspense>
      </BlockErrorBoundary>
    </div>
  );
});
