import type {
  ContentEntryResponse,
  FaqResponse,
  Footnote,
  KeyVisualResponse,
} from '../../schemas/content.ts';
import { getApiClient } from '../api/api.ts';

/**
 * The content calls (server/content/README.md). They only ever go to our server, which holds the CMS
 * credentials; the language travels in X-Accept-Language like on every call.
 */
export async function fetchContentEntry(id: string): Promise<ContentEntryResponse> {
  const client = await getApiClient();
  return (await client.get<ContentEntryResponse>(`/content/entries/${encodeURIComponent(id)}`)).data;
}

export async function fetchFaq(): Promise<FaqResponse> {
  return (await (await getApiClient()).get<FaqResponse>('/content/faq')).data;
}

export async function fetchKeyVisual(id: string): Promise<KeyVisualResponse> {
  const client = await getApiClient();
  return (await client.get<KeyVisualResponse>(`/content/keyvisuals/${encodeURIComponent(id)}`)).data;
}

export async function fetchFootnotes(group?: string): Promise<Footnote[]> {
  const client = await getApiClient();
  return (await client.get<Footnote[]>('/content/footnotes', { params: group ? { gruppe: group } : {} }))
    .data;
}
