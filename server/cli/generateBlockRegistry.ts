/**
 * `npm run blocks`: rewrites blocks/registry.ts and schemas/blocks/index.ts from the block folders
 * (docs/adr/0015-generated-block-registry.md). Run it after adding, renaming or removing a block folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BlockFolderError, generateBlockFiles } from './blockRegistry.ts';

const root = path.resolve(import.meta.dirname, '../..');

function run(): number {
  let files: ReturnType<typeof generateBlockFiles>;
  try {
    files = generateBlockFiles(root);
  } catch (error) {
    if (!(error instanceof BlockFolderError)) throw error;
    console.error(error.message);
    return 1;
  }
  for (const { file, content } of files) {
    const target = path.join(root, file);
    let current: string | null = null;
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = null;
    }
    if (current === content) {
      console.log(`${file} is up to date`);
      continue;
    }
    writeFileSync(target, content);
    console.log(`wrote ${file}`);
  }
  return 0;
}

process.exitCode = run();
