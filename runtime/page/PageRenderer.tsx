import { useMemo } from 'react';
import type { PageFile } from '../../domain/merge.ts';
import { useMandant } from '../state/hooks.ts';
import type { BlockRegistry } from './BlockRegistry.ts';
import { BlockSlot } from './BlockSlot.tsx';
import { usePageReady } from './usePageReady.ts';
import { usePageTitle } from './usePageTitle.ts';

export interface PageRendererProps {
  page: PageFile;
  registry: BlockRegistry;
  /** Keeps the page from being reported ready (e.g. while the content of a new language loads). */
  holdReady?: boolean;
}

/**
 * Renders a page schema: its blocks top to bottom, each looked up in the registry. Give it a `key` per
 * page so that navigating resets the ready signal.
 */
export function PageRenderer({ page, registry, holdReady = false }: PageRendererProps) {
  const mandant = useMandant();
  const blocks = page.blocks ?? NO_BLOCKS;
  usePageTitle(page.title, mandant.name);
  const settle = usePageReady(blocks.length, holdReady);
  // Stable callbacks per index, so a block's settled signal does not fire again on every render.
  const callbacks = useMemo(() => blocks.map((_, index) => () => settle(index)), [blocks, settle]);
  return (
    <>
      {blocks.map((block, index) => (
        <BlockSlot key={block.id} block={block} registry={registry} onSettled={callbacks[index] ?? noop} />
      ))}
    </>
  );
}

const NO_BLOCKS: NonNullable<PageFile['blocks']> = [];

function noop(): void {}
