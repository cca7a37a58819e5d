import { useEffect } from 'react';
import { BlockNotice } from './BlockNotice.tsx';

export interface UnknownBlockProps {
  blockId: string;
  blockType: string;
}

/** A page names a block type this build does not register: say so visibly and in the console. */
export function UnknownBlock({ blockId, blockType }: UnknownBlockProps) {
  useEffect(() => {
    console.error(`Unknown block type "${blockType}" (block "${blockId}"): it is not in the block registry`);
  }, [blockId, blockType]);
  return <BlockNotice message="runtime.block.unknown" values={{ type: blockType, id: blockId }} />;
}
