import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and archives are compressed already. */
export const PRECOMPRESS_EXTENSIONS: readonly string[] = [
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.html',
  '.txt',
];
/**
 * Below this a compressed copy saves less than it costs (headers, a second file, a cache entry). Small, as
 * a page's blocks are many small chunks: on the home route they came to 3 KiB sent as they are.
 */
export const PRECOMPRESS_MIN_BYTES = 256;

/** One file's outcome: the sizes of the variants written next to it (undefined: not kept or not tried). */
export interface PrecompressedFile {
  file: string;
  bytes: number;
  brBytes?: number;
  gzipBytes?: number;
}

/**
 * Writes `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9) next to `file`, each only when it is
 * smaller than the file; a variant that is not kept is removed, so a stale one never outlives its file.
 * Files below `minBytes` get no variants. The server picks a variant by Accept-Encoding (@fastify/static's
 * `preCompressed`, server/static/staticPlugin.ts).
 */
export async function precompressFile(
  file: string,
  minBytes = PRECOMPRESS_MIN_BYTES,
): Promise<PrecompressedFile> {
  const body = await readFile(file);
  if (body.length < minBytes) {
    await Promise.all([keepIfSmaller(`${file}.br`, undefined, 0), keepIfSmaller(`${file}.gz`, undefined, 0)]);
    return { file, bytes: body.length };
  }
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const [brBytes, gzipBytes] = await Promise.all([
    keepIfSmaller(`${file}.br`, br, body.length),
    keepIfSmaller(`${file}.gz`, gz, body.length),
  ]);
  return { file, bytes: body.length, brBytes, gzipBytes };
}

async function keepIfSmaller(target: string, variant: Buffer | undefined, bytes: number) {
  if (variant !== undefined && variant.length < bytes) {
    await writeFile(target, variant);
    return variant.length;
  }
  await rm(target, { force: true });
  return undefined;
}

/** Every file of `files` with one of `extensions`, precompressed side by side (zlib runs on libuv's pool). */
export async function precompressFiles(
  files: readonly string[],
  options: { minBytes?: number; extensions?: readonly string[] } = {},
): Promise<PrecompressedFile[]> {
  const extensions = options.extensions ?? PRECOMPRESS_EXTENSIONS;
  const chosen = files.filter((file) => extensions.includes(path.extname(file).toLowerCase()));
  return Promise.all(chosen.map((file) => precompressFile(file, options.minBytes)));
}

/**
 * Vite plugin: after the app build has written its files, every text file under `build.assetsDir` (hashed
 * names, served immutable from /assets/*) gets its brotli and gzip copy (docs/adr/0018-compression.md).
 * Dynamic compression at quality 11 would cost the server about a second per large file; done once here,
 * a phone gets the smallest bytes and the server only streams a file.
 */
export function precompressPlugin(options: { minBytes?: number } = {}): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      // The server entry (`vite build --ssr`) and Storybook's build are never sent to a browser.
      if (!config || config.build.ssr || isStorybook(config)) return;
      const outDir = output.dir ?? config.build.outDir;
      const prefix = `${config.build.assetsDir}/`;
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith(prefix))
        .map((name) => path.join(outDir, name));
      const results = await precompressFiles(files, options);
      const sum = (pick: (r: PrecompressedFile) => number | undefined) =>
        results.reduce((total, r) => total + (pick(r) ?? r.bytes), 0);
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      config.logger.info(
        `precompressed ${results.filter((r) => r.brBytes !== undefined).length} of ${results.length} text assets: ` +
          `${kib(sum(() => undefined))} → ${kib(sum((r) => r.brBytes))} brotli, ${kib(sum((r) => r.gzipBytes))} gzip`,
      );
    },
  };
}

function isStorybook(config: ResolvedConfig): boolean {
  return config.plugins.some((plugin) => plugin.name.startsWith('storybook:'));
}
