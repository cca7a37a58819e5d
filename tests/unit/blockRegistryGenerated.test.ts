import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AREA_REGISTRY_FILE,
  BlockFolderError,
  compareBlockNames,
  findBlockTypes,
  generateBlockFiles,
  isAreaBlock,
  REGISTRY_FILE,
  renderAreaBlockRegistry,
  renderBlockPropsSchemas,
  renderBlockRegistry,
  SCHEMAS_FILE,
} from '../../server/cli/blockRegistry.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** What `biome check --write` makes of a file's content (format and import order), without touching disk. */
function biomeFixed(file: string, content: string): string {
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  const result = spawnSync(biome, ['check', '--write', `--stdin-file-path=${file}`], {
    cwd: root,
    input: content,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome check failed for ${file}:\n${result.stderr}`);
  return result.stdout;
}

// Issue 11, ADR 0015: adding a block is its folder (and schema and story), then `npm run blocks`.
describe('generated block registry', () => {
  it.each([REGISTRY_FILE, AREA_REGISTRY_FILE, SCHEMAS_FILE])(
    '%s is generated from the current block folders',
    (file) => {
      const generated = generateBlockFiles(root).find((entry) => entry.file === file);
      expect(
        readFileSync(path.join(root, file), 'utf8'),
        `${file} is stale: run \`npm run blocks\` (do not edit it by hand)`,
      ).toBe(generated?.content);
    },
  );

  // Short and long names take each layout of a registry entry; digits and case test the import order.
  const names = [
    'Hero',
    'RecommendationShare',
    'RecommendForm',
    'ExpiredRecommendation',
    'RecipientConfirmation',
    'A',
    'Ab',
    'ABTest',
    'AbTest',
    'Block2',
    'Block10',
    'Block1a',
    'BlockA',
    'N'.repeat(25),
    'M'.repeat(30),
    'L'.repeat(36),
    'K'.repeat(40),
    'AgencyNav',
    `Profi${'P'.repeat(30)}`,
    `Backoffice${'B'.repeat(30)}`,
  ];

  it('writes both files as biome formats them, whatever the names', () => {
    for (const [file, content] of [
      [REGISTRY_FILE, renderBlockRegistry(names)],
      [AREA_REGISTRY_FILE, renderAreaBlockRegistry(names)],
      [SCHEMAS_FILE, renderBlockPropsSchemas(names)],
    ] as const) {
      expect(content, `${file}: the generator's layout differs from biome's`).toBe(biomeFixed(file, content));
    }
    // Two biome processes over the whole registry: seconds on a loaded two-core machine (6 s seen in CI).
  }, 30_000);

  // The entry chunk holds a short stub per area block; the loaders themselves are in the area chunk.
  it('puts the agency, back-office and profi blocks behind the area registry, and only them', () => {
    expect(names.filter(isAreaBlock)).toEqual([
      'AgencyNav',
      `Profi${'P'.repeat(30)}`,
      `Backoffice${'B'.repeat(30)}`,
    ]);
    expect(isAreaBlock('Agency')).toBe(false);
    expect(isAreaBlock('Profitable')).toBe(false);
    const registry = renderBlockRegistry(names);
    expect(registry).toContain('AgencyNav: () => areas().then((area) => area.areaBlocks.AgencyNav()),');
    expect(registry).not.toContain("import('./AgencyNav/AgencyNav.tsx')");
    expect(renderAreaBlockRegistry(names)).toContain("import('./AgencyNav/AgencyNav.tsx')");
    expect(renderAreaBlockRegistry(names)).not.toContain("import('./Hero/Hero.tsx')");
  });

  it('orders the blocks by name, independent of the order it finds them in', () => {
    expect(renderBlockRegistry([...names].reverse())).toBe(renderBlockRegistry(names));
    expect(
      ['RecommendForm', 'Block10', 'Ab', 'RecommendationShare', 'ABTest', 'Block2', 'A'].sort(
        compareBlockNames,
      ),
    ).toEqual(['A', 'ABTest', 'Ab', 'Block2', 'Block10', 'RecommendationShare', 'RecommendForm']);
  });
});

describe('the block folders the generator reads', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  function repository(files: readonly string[]): string {
    scratch = mkdtempSync(path.join(tmpdir(), 'blocks-'));
    for (const file of ['blocks/.keep', 'schemas/blocks/common.ts', ...files]) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), '');
    }
    return scratch;
  }

  it('takes every PascalCase folder as a block, and lower-case folders (shared/) as none', () => {
    const dir = repository([
      'blocks/Hero/Hero.tsx',
      'schemas/blocks/Hero.ts',
      'blocks/DataTable/DataTable.tsx',
      'schemas/blocks/DataTable.ts',
      'blocks/shared/Panel.module.css',
    ]);
    expect(findBlockTypes(dir)).toEqual(['DataTable', 'Hero']);
  });

  it('names every file that is missing for a block, and a schema without its folder', () => {
    const dir = repository(['blocks/Hero/index.ts', 'blocks/Chart/Chart.tsx', 'schemas/blocks/Gone.ts']);
    let thrown: unknown;
    try {
      findBlockTypes(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BlockFolderError);
    expect((thrown as BlockFolderError).problems).toEqual([
      'schemas/blocks/Chart.ts is missing (the props schema, exported as chartPropsSchema)',
      'blocks/Hero/Hero.tsx is missing (the component, exported as Hero)',
      'schemas/blocks/Hero.ts is missing (the props schema, exported as heroPropsSchema)',
      'schemas/blocks/Gone.ts has no block folder blocks/Gone/ (move or remove the schema)',
    ]);
    expect((thrown as Error).message).toContain('npm run blocks');
  });
});
