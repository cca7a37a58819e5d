import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * One build of the runtime serves every mandant (runtime/index.html is the entry; the server injects the
 * mandant id). Test projects: unit (pure logic), runtime (jsdom), stories (portable stories in jsdom),
 * server (Fastify inject over PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser (Chromium
 * against the built runtime and the real server).
 */
export default defineConfig({
  root: 'runtime',
  plugins: [react()],
  server: {
    fs: { allow: [repoRoot] },
    proxy: { '/api': 'http://localhost:8080', '/mandant-assets': 'http://localhost:8080' },
  },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  test: {
    root: repoRoot,
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
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: repoRoot,
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
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
