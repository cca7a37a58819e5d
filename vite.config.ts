import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from './runtime/build/precompressPlugin.ts';
import { formValidatorsPlugin } from './runtime/forms/precompile/formValidatorsPlugin.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
/**
 * `npm run build` runs two builds into one folder: the browser's (dist) and the server entry of the first
 * paint (`--ssr`, into dist/ssr; docs/adr/0019). BUILD_DIR builds both elsewhere (parallel work, tests).
 */
const SSR_BUILD = process.argv.includes('--ssr');
const BUILD_DIR = path.resolve(repoRoot, process.env.BUILD_DIR ?? 'dist');
/**
 * Loaded by every page before first paint, and shared with the lazy blocks: React, jotai, the bundler's
 * helpers, the router's primitives and the constants.
 */
const BOOT_MODULE =
  /node_modules\/(react|react-dom|scheduler|jotai|react-router|react-router-dom|cookie|set-cookie-parser)\/|preload-helper|rolldown[:/]runtime|\/runtime\/router\/|\/schemas\/constants\.ts$/;
/** Own source modules (not CSS, not node_modules). */
const OWN_MODULE = /\/(runtime|blocks|schemas|domain)\/[^?]*\.tsx?$/;

/**
 * One build of the runtime serves every mandant (runtime/index.html is the entry; the server injects the
 * mandant id). Test projects: unit (pure logic), runtime (jsdom), stories (portable stories in jsdom),
 * server (Fastify inject over PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser (Chromium
 * against the built runtime and the real server).
 */
export default defineConfig({
  root: 'runtime',
  // The server entry carries its dependencies (React's server renderer included), so a build works from
  // any folder without node_modules beside it.
  ssr: SSR_BUILD ? { noExternal: true } : {},
  // …and React's production build: the server renders every first paint with it.
  define: SSR_BUILD ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: {
    // react-router's package exports point every bundler at its development build (warnings included);
    // builds take its production build, the tests keep the development one for its warnings.
    alias: process.env.VITEST
      ? []
      : [
          {
            find: /^react-router$/,
            replacement: `${repoRoot}node_modules/react-router/dist/production/index.mjs`,
          },
        ],
  },
  // Form validators are compiled here, at build time: the browser runs no `new Function` (docs/adr/0010).
  plugins: [react(), formValidatorsPlugin(), precompressPlugin()],
  server: {
    fs: { allow: [repoRoot] },
    proxy: { '/api': 'http://localhost:8080', '/mandant-assets': 'http://localhost:8080' },
  },
  build: {
    outDir: SSR_BUILD ? path.join(BUILD_DIR, 'ssr') : BUILD_DIR,
    emptyOutDir: !SSR_BUILD,
    // Which chunk and stylesheet belong to which block: the server links a page's block styles and
    // scripts in the head of the first paint (dist/.vite/manifest.json).
    manifest: !SSR_BUILD,
    // One stylesheet for the whole runtime (about 8 KiB brotli), linked by index.html: the first paint
    // waits for one request instead of one per block on the page (ADR 0019).
    cssCodeSplit: false,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    // No preload tables for lazy chunks: their JavaScript dependencies are the shared boot chunk (already
    // loaded) and a few small chunks; the tables cost more in the first-paint budget than the round trip
    // they save. CSS of lazy chunks is still loaded with them.
    modulePreload: false,
    // How the build keeps the first-paint budget: docs/adr/0012-chunking-for-the-first-paint-budget.md.
    rolldownOptions: {
      // Our TypeScript modules do nothing when imported (main.tsx aside): with that known, a block that
      // imports one hook from the runtime barrel pulls in that hook only, not every service the barrel
      // re-exports — which otherwise lands in one shared chunk that every page loads before first paint.
      treeshake: {
        moduleSideEffects: (id: string) => !OWN_MODULE.test(id) || id.endsWith('/runtime/main.tsx'),
      },
      output: {
        // What every page needs at boot, as one chunk instead of a handful of tiny ones (each chunk costs
        // its own gzip dictionary and a request before first paint).
        codeSplitting: {
          groups: [{ name: 'boot', test: BOOT_MODULE, priority: 10 }],
        },
      },
    },
  },
  test: {
    root: repoRoot,
    // Vitest's default is one worker less than the cores: one worker on a two-core CI machine, so every file
    // ran after the other. Two files at a time; the database tests each use their own PGlite or schema.
    maxWorkers: 2,
    // The route and story sweeps start first in their project instead of running alone at its end.
    // (Loaded for the tests only: `vite build` reads this file too.)
    ...(process.env.VITEST
      ? {
          sequence: {
            sequencer: (await import('./tests/support/sweepsFirstSequencer.ts')).SweepsFirstSequencer,
          },
        }
      : {}),
    projects: [
      {
        extends: true,
        test: { name: 'unit', root: repoRoot, include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'runtime',
          root: repoRoot,
          include: ['tests/runtime/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'stories',
          root: repoRoot,
          include: ['tests/stories/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          // A story's play function waits for lazily loaded blocks and the API client; on a busy
          // two-core CI machine the first of those imports alone can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: repoRoot,
          globalSetup: ['tests/support/pgliteSnapshot.ts'],
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          root: repoRoot,
          globalSetup: ['tests/support/pgliteSnapshot.ts'],
          include: ['tests/browser/**/*.test.ts'],
          exclude: ['tests/browser/lighthouse.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits for UI state that comes after a request or a reload (a prefilled field, a
          // second load): as long as a locator's wait may take on a loaded machine, not Vitest's 1 s (the
          // fresh-clone CI read a prefill before it came, and counted one load before the reload).
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time, each with its own server (port 0, its own PGlite) and Chromium: most of a
          // browser test is waiting. After the other projects (group 0), before Lighthouse.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Lighthouse scores the CPU time of a throttled phone from the real run: it runs alone, after
          // every other project, so that the other tests' load does not count as the page's.
          name: 'lighthouse',
          root: repoRoot,
          globalSetup: ['tests/support/pgliteSnapshot.ts'],
          include: ['tests/browser/lighthouse.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
