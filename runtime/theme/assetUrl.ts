import { MANDANT_ASSETS_PREFIX } from '../../schemas/api.ts';

/**
 * Mandant files name their assets by file name (`logo.svg`); the server serves them below
 * `/mandant-assets/{id}/`. Absolute paths and URLs (the server may already have resolved them) pass through.
 */
export function assetUrl(mandantId: string, src: string): string {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(src)) return src;
  return `${MANDANT_ASSETS_PREFIX}/${encodeURIComponent(mandantId)}/${src.replace(/^\.\//, '')}`;
}
