import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockRegistry } from '../../blocks/registry.ts';
import { BLOCK_TYPES } from '../../schemas/blocks/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

// ADR 0001/0003: the registry and schemas/blocks name the same types; a block is one folder with a story.
describe('block registry', () => {
  it('names exactly the block types of schemas/blocks', () => {
    expect(Object.keys(blockRegistry).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it.each(BLOCK_TYPES)('%s loads lazily to a component', async (type) => {
    const module = await blockRegistry[type]();
    expect(typeof module.default).toBe('function');
  });

  // Styles are the block's own CSS module, or a module of blocks/shared that several blocks use alike.
  it.each(BLOCK_TYPES)('%s is one folder (component, schema, index) with a story', (type) => {
    for (const file of [`${type}.tsx`, 'schema.ts', 'index.ts']) {
      expect(existsSync(path.join(root, 'blocks', type, file)), `blocks/${type}/${file}`).toBe(true);
    }
    expect(existsSync(path.join(root, 'stories', `${type}.stories.tsx`)), `stories/${type}.stories.tsx`).toBe(
      true,
    );
  });
});
