import { use } from 'react';
import type {
  ContentEntryResponse,
  FaqResponse,
  Footnote,
  KeyVisualResponse,
} from '../../schemas/content.ts';
import { useLanguage } from '../state/hooks.ts';
import { type ContentResult, contentResource } from './contentResource.ts';

/** The calls load with the first content block: pages without content never download them. */
const api = () => import('./contentApi.ts');

/**
 * Content for blocks, in the current language. These hooks suspend until the content is there (the
 * block's Suspense shows the skeleton, and the page counts as ready only afterwards) and never throw: a
 * failure comes back as `{ ok: false, code }` for the block to show in its place.
 */
export function useContentEntry(id: string): ContentResult<ContentEntryResponse> {
  const language = useLanguage();
  return use(contentResource(`${language}|entry|${id}`, async () => (await api()).fetchContentEntry(id)));
}

export function useFaq(): ContentResult<FaqResponse> {
  const language = useLanguage();
  return use(contentResource(`${language}|faq`, async () => (await api()).fetchFaq()));
}

export function useKeyVisual(id: string): ContentResult<KeyVisualResponse> {
  const language = useLanguage();
  return use(contentResource(`${language}|keyvisual|${id}`, async () => (await api()).fetchKeyVisual(id)));
}

export function useFootnotes(group?: string): ContentResult<Footnote[]> {
  const language = useLanguage();
  return use(
    contentResource(`${language}|footnotes|${group ?? ''}`, async () => (await api()).fetchFootnotes(group)),
  );
}

export type { ContentResult };
