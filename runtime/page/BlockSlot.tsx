import { Suspense } from 'react';
import type { PageBlockEntry } from '../../schemas/merge.ts';
import { BlockErrorBoundary } from './BlockErrorBoundary.tsx';
import { BlockNotice } from './BlockNotice.tsx';
import type { BlockRegistry } from './BlockRegistry.ts';
import { BlockSkeleton } from './BlockSkeleton.tsx';
import { isRegistered, lazyBlock } from './lazyBlock.ts';
import { SettledSignal } from './SettledSignal.tsx';
import { UnknownBlock } from './UnknownBlock.tsx';

export interface BlockSlotProps {
  block: PageBlockEntry;
  registry: BlockRegistry;
  /** Called once the block has rendered, failed, or turned out to be unknown. */
  onSettled: () => void;
}

/** One block of a page: loaded lazily, behind Suspense and an error boundary tagged with its id. */
export function BlockSlot({ block, registry, onSettled }: BlockSlotProps) {
  const type = block.type ?? '';
  if (!isRegistered(registry, type)) {
    return (
      <div data-block-id={block.id} data-block-type={type}>
        <UnknownBlock blockId={block.id} blockType={type || '(none)'} />
        <SettledSignal onSettled={onSettled} />
      </div>
    );
  }
  const Block = lazyBlock(registry, type);
  const failed = (
    <>
      <BlockNotice message="runtime.block.error" />
      <SettledSignal onSettled={onSettled} />
    </>
  );
  return (
    <div data-block-id={block.id} data-block-type={type}>
      <BlockErrorBoundary blockId={block.id} blockType={type} fallback={failed}>
        <Suspense fallback={<BlockSkeleton />}>
          <Block {...(block.props ?? {})} />
          <SettledSignal onSettled={onSettled} />
        </Suspense>
      </BlockErrorBoundary>
    </div>
  );
}
