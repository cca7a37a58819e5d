import type { PageFile } from '../../domain/merge.ts';

/** Used when a mandant has no FileNotFound page schema: the 404 must never be blank. */
export const FALLBACK_NOT_FOUND_PAGE: PageFile = {
  title: 'pages.FileNotFound.title',
  blocks: [{ id: 'not-found', type: 'NotFound', props: {} }],
};
