import type { FromSchema } from 'json-schema-to-ts';
import type { ComponentType } from 'react';
import type { BlockType, blockPropsSchemas } from '../../schemas/blocks/index.ts';

/** Props of a block type, typed from its props schema (the same schema the server validates pages with). */
export type BlockProps<T extends BlockType> = FromSchema<
  (typeof blockPropsSchemas)[T],
  { keepDefaultedPropertiesOptional: true }
>;

/** Loads a block's code; every block is its own chunk so a page only downloads the blocks it shows. */
export type BlockLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/** The block registry: a loader for every block type of schemas/blocks, no more and no fewer. */
export type BlockRegistry = { readonly [T in BlockType]: BlockLoader<BlockProps<T>> };
