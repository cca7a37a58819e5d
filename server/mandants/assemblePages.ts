import { MergeError, mergePage, type PageBlockEntry, type PageFile } from '../../domain/merge.ts';
import { closestMatch } from '../../domain/suggest.ts';
import { BLOCK_TYPES, isBlockType } from '../../schemas/blocks/index.ts';
import type { ProblemList } from './ProblemList.ts';
import type { MandantSource, SourceFile } from './readMandantSource.ts';
import { applyPageDefaults, blockPropsValidator } from './validators.ts';

/**
 * Merges a mandant's pages over _base (domain/merge.ts) and checks every block of the result: a
 * registered type and props that fit its schema. A problem is reported in the file that wrote the block:
 * the mandant's override when it names the block id, else the _base page.
 */
export function assemblePages(
  own: MandantSource,
  base: MandantSource | undefined,
  problems: ProblemList,
): Record<string, PageFile> {
  const pages: Record<string, PageFile> = {};
  const names = new Set([...(base?.pages.keys() ?? []), ...own.pages.keys()]);
  for (const name of [...names].sort()) {
    const inherited = base?.pages.get(name);
    const override = own.pages.get(name);
    let merged: PageFile;
    try {
      merged = mergePage(clone(inherited?.value), clone(override?.value));
    } catch (error) {
      if (!(error instanceof MergeError)) throw error;
      // mergePage only throws for override entries, so the override file is the one to fix.
      problems.add(override?.file ?? own.dir, error.pointer, error.message);
      continue;
    }
    if (checkBlocks(merged, inherited, override, problems)) {
      const { $schema: _schema, ...page } = merged;
      applyPageDefaults(page);
      pages[name] = page;
    }
  }
  return pages;
}

function checkBlocks(
  page: PageFile,
  inherited: SourceFile<PageFile> | undefined,
  override: SourceFile<PageFile> | undefined,
  problems: ProblemList,
): boolean {
  let valid = true;
  for (const block of page.blocks ?? []) {
    const origin = locate(block.id, override) ?? locate(block.id, inherited);
    // Every merged block comes from one of the two files; the fallback only guards against a merge bug.
    const file = origin?.file ?? override?.file ?? inherited?.file ?? '';
    const at = `/blocks/${origin?.index ?? 0}`;
    if (!block.type) {
      problems.add(file, at, `block "${block.id}" needs a "type"`);
      valid = false;
      continue;
    }
    if (!isBlockType(block.type)) {
      problems.add(
        file,
        `${at}/type`,
        `unknown block type "${block.type}"; known types: ${BLOCK_TYPES.join(', ')}`,
        undefined,
        suggestion(block.type, BLOCK_TYPES),
      );
      valid = false;
      continue;
    }
    const props = block.props ?? {};
    const validate = blockPropsValidator(block.type);
    if (!validate(props)) {
      problems.addAjv(file, validate.errors, `${at}/props`);
      valid = false;
      continue;
    }
    (block as PageBlockEntry).props = props;
  }
  return valid;
}

function locate(
  id: string,
  source: SourceFile<PageFile> | undefined,
): { file: string; index: number } | undefined {
  const index = source?.value.blocks?.findIndex((block) => block.id === id) ?? -1;
  return source && index !== -1 ? { file: source.file, index } : undefined;
}

/** mergePage and ajv's defaults mutate; the sources are shared between mandants. */
function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

function suggestion(input: string, candidates: readonly string[]): string | undefined {
  const closest = closestMatch(input, candidates);
  return closest ? `did you mean "${closest}"?` : undefined;
}
