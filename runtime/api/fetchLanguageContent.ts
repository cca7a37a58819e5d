import type { KeyValue, LanguageContentResponse } from '../../schemas/api.ts';
import { getApiClient } from './api.ts';

/**
 * GET /content/getlanguagecontent/{lang} (SPEC 7): a language's texts, on a language switch. Apart from
 * the other configuration calls, which only a boot without embedded data needs.
 */
export async function fetchLanguageContent(language: string): Promise<KeyValue[]> {
  const client = await getApiClient();
  const response = await client.get<LanguageContentResponse>(
    `/content/getlanguagecontent/${encodeURIComponent(language)}`,
  );
  return response.data.Languages;
}
