import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PRECOMPRESS_MIN_BYTES,
  precompressFile,
  precompressFiles,
  precompressPlugin,
} from '../../runtime/build/precompressPlugin.ts';

/** A script as the build writes it: text that compresses well. */
const script = Array.from({ length: 200 }, (_, i) => `export const value${i} = "text number ${i}";`).join(
  '\n',
);

describe('precompressing the build’s assets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const write = async (name: string, body: string | Buffer) => {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    return file;
  };

  it('writes .br and .gz next to a file, each smaller and decompressing to the file', async () => {
    const file = await write('boot-abc.js', script);
    const result = await precompressFile(file);
    const br = await readFile(`${file}.br`);
    const gz = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(script);
    expect(gunzipSync(gz).toString('utf8')).toBe(script);
    expect(result).toEqual({ file, bytes: script.length, brBytes: br.length, gzipBytes: gz.length });
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length / 4);
  });

  it('skips a file below PRECOMPRESS_MIN_BYTES and removes variants left from an earlier build', async () => {
    const small = 'x'.repeat(PRECOMPRESS_MIN_BYTES - 1);
    const file = await write('tiny-abc.js', small);
    await write('tiny-abc.js.br', 'stale');
    await write('tiny-abc.js.gz', 'stale');
    expect(await precompressFile(file)).toEqual({ file, bytes: small.length });
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
    const justEnough = await write('enough-abc.js', 'x'.repeat(PRECOMPRESS_MIN_BYTES));
    expect((await precompressFile(justEnough)).brBytes).toBeGreaterThan(0);
  });

  it('keeps no variant that is not smaller than the file', async () => {
    const file = await write('noise.json', randomBytes(4096));
    const result = await precompressFile(file);
    expect(result.brBytes).toBeUndefined();
    expect(result.gzipBytes).toBeUndefined();
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });

  it('takes text formats only', async () => {
    const files = await Promise.all(
      ['a.js', 'b.mjs', 'c.css', 'd.svg', 'e.json', 'f.html', 'g.txt', 'h.png', 'i.woff2', 'j.js.map'].map(
        (name) => write(name, script),
      ),
    );
    const done = await precompressFiles(files);
    expect(done.map((result) => path.basename(result.file))).toEqual([
      'a.js',
      'b.mjs',
      'c.css',
      'd.svg',
      'e.json',
      'f.html',
      'g.txt',
    ]);
    expect(existsSync(path.join(dir, 'h.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'j.js.map.br'))).toBe(false);
  });

  describe('as a Vite plugin', () => {
    const run = async (plugins: { name: string }[], bundle: string[], ssr = false) => {
      const plugin = precompressPlugin();
      const config = {
        build: { outDir: dir, assetsDir: 'assets', ssr },
        plugins,
        logger: { info: () => undefined },
      } as unknown as ResolvedConfig;
      (plugin.configResolved as (config: ResolvedConfig) => void)(config);
      const writeBundle = plugin.writeBundle as (output: { dir: string }, bundle: object) => Promise<void>;
      await writeBundle({ dir }, Object.fromEntries(bundle.map((name) => [name, {}])));
    };

    it('compresses what the build wrote into assets/, not index.html beside it', async () => {
      await write('assets/boot-abc.js', script);
      await write('assets/boot-abc.css', script);
      await write('index.html', script);
      await run([{ name: 'vite:react' }], ['assets/boot-abc.js', 'assets/boot-abc.css', 'index.html']);
      expect(existsSync(path.join(dir, 'assets', 'boot-abc.js.br'))).toBe(true);
      expect(existsSync(path.join(dir, 'assets', 'boot-abc.css.gz'))).toBe(true);
      expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false);
    });

    it('leaves Storybook’s build and the server entry alone (never sent to a browser)', async () => {
      await write('assets/story-abc.js', script);
      await run([{ name: 'storybook:code-generator-plugin' }], ['assets/story-abc.js']);
      expect(existsSync(path.join(dir, 'assets', 'story-abc.js.br'))).toBe(false);
      await write('assets/entry-server.js', script);
      await run([{ name: 'vite:react' }], ['assets/entry-server.js'], true);
      expect(existsSync(path.join(dir, 'assets', 'entry-server.js.br'))).toBe(false);
    });
  });
});
