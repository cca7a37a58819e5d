/**
 * How a mandant inherits from `mandants/_base` (documented in mandants/README.md, tested in
 * tests/unit/merge.test.ts):
 * - configuration and page-level keys: objects merge key by key, arrays and scalars replace;
 * - page blocks merge by `id`: a block with a known id merges into the inherited one (its props by the
 *   same object rule) and keeps its place; `remove: true` drops the inherited block; a new id is
 *   inserted at `before`/`after` (a block id) or appended.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars in `override` replace those of `base`. */
export function deepMerge<T extends JsonObject>(base: T, override: JsonObject): T {
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const inherited = result[key];
    result[key] = isPlainObject(inherited) && isPlainObject(value) ? deepMerge(inherited, value) : value;
  }
  return result as T;
}

export interface PageBlockEntry {
  id: string;
  type?: string;
  props?: JsonObject;
  remove?: boolean;
  before?: string;
  after?: string;
}

export interface PageFile {
  $schema?: string;
  title?: string;
  access?: 'public' | 'user' | 'agency' | 'backoffice';
  blocks?: PageBlockEntry[];
}

export class MergeError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
  ) {
    super(message);
    this.name = 'MergeError';
  }
}

/** Merges a mandant's page override over the inherited page. Throws MergeError with a JSON pointer. */
export function mergePage(base: PageFile | undefined, override: PageFile | undefined): PageFile {
  if (!base) return withoutPlacement(override ?? {});
  if (!override) return withoutPlacement(base);
  const { blocks: baseBlocks = [], ...baseRest } = base;
  const { blocks: overrideBlocks, ...overrideRest } = override;
  const merged = deepMerge(baseRest as JsonObject, overrideRest as JsonObject) as PageFile;
  const blocks = baseBlocks.map((block) => ({ ...block }));
  (overrideBlocks ?? []).forEach((entry, index) => {
    const pointer = `/blocks/${index}`;
    const at = blocks.findIndex((block) => block.id === entry.id);
    if (entry.remove) {
      if (at === -1)
        throw new MergeError(`cannot remove block "${entry.id}": no inherited block has this id`, pointer);
      blocks.splice(at, 1);
      return;
    }
    if (at !== -1) {
      const inherited = blocks[at] as PageBlockEntry;
      const { before, after, ...rest } = entry;
      const props = deepMerge(inherited.props ?? {}, rest.props ?? {});
      const mergedBlock = { ...inherited, ...rest, props };
      if (before === undefined && after === undefined) {
        blocks[at] = mergedBlock;
        return;
      }
      blocks.splice(at, 1);
      insert(blocks, { ...mergedBlock, ...(before ? { before } : {}), ...(after ? { after } : {}) }, pointer);
      return;
    }
    if (!entry.type) throw new MergeError(`new block "${entry.id}" needs a "type"`, pointer);
    insert(blocks, entry, pointer);
  });
  return { ...merged, blocks: blocks.map(stripPlacement) };
}

function insert(blocks: PageBlockEntry[], entry: PageBlockEntry, pointer: string): void {
  const anchor = entry.before ?? entry.after;
  if (anchor === undefined) {
    blocks.push(stripPlacement(entry));
    return;
  }
  const at = blocks.findIndex((block) => block.id === anchor);
  if (at === -1) {
    const key = entry.before !== undefined ? 'before' : 'after';
    throw new MergeError(
      `block "${entry.id}": no block with id "${anchor}" to insert ${key}`,
      `${pointer}/${key}`,
    );
  }
  blocks.splice(entry.before !== undefined ? at : at + 1, 0, stripPlacement(entry));
}

function stripPlacement(entry: PageBlockEntry): PageBlockEntry {
  const { before: _before, after: _after, remove: _remove, ...block } = entry;
  return block;
}

function withoutPlacement(page: PageFile): PageFile {
  return page.blocks ? { ...page, blocks: page.blocks.map(stripPlacement) } : page;
}
