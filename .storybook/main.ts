import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const mandantsDir = new URL('../mandants/', import.meta.url);

/**
 * Serves each mandant's assets/ at /mandant-assets/{id}/ (MANDANT_ASSETS_PREFIX in schemas/api.ts), as the
 * server does, so logos and images resolve in stories too.
 */
function mandantAssetDirs(): { from: string; to: string }[] {
  if (!existsSync(mandantsDir)) return [];
  return readdirSync(mandantsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/assets/`, mandantsDir)))
    .map((entry) => ({ from: `../mandants/${entry.name}/assets`, to: `/mandant-assets/${entry.name}` }));
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true },
  // TypeScript 7 has no JavaScript API, which react-docgen-typescript needs (STACK.md).
  typescript: { reactDocgen: 'react-docgen' },
  staticDirs: mandantAssetDirs(),
  // vite.config.ts builds the app with `root: 'runtime'`; Storybook resolves stories and mandant files
  // from the repository root, whatever the app's root is.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    root: repoRoot,
    server: { ...viteConfig.server, fs: { ...viteConfig.server?.fs, allow: [repoRoot] } },
  }),
};

export default config;
