import type {
  ContentEntryResponse,
  FaqResponse,
  Footnote,
  KeyVisualResponse,
} from '../../schemas/content.ts';
import { apiGet } from '../api/api.ts';

/**
 * The content calls (server/content/README.md). They only ever go to our server, which holds the CMS
 * credentials; the language travels in X-Accept-Language like on every call.
 */
export function fetchContentEntry(id: string): Promise<ContentEntryResponse> {
  return apiGet<ContentEntryResponse>(`/content/entries/${encodeURIComponent(id)}`);
}

export function fetchFaq(): Promise<FaqResponse> {
  return apiGet<FaqResponse>('/content/faq');
}

export function fetchKeyVisual(id: string): Promise<KeyVisualResponse> {
  return apiGet<KeyVisualResponse>(`/content/keyvisuals/${encodeURIComponent(id)}`);
}

export function fetchFootnotes(group?: string): Promise<Footnote[]> {
  return apiGet<Footnote[]>('/content/footnotes', { params: group ? { gruppe: group } : {} });
}
