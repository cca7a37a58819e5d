import type { KeyValue } from '../../schemas/api.ts';

export type TranslationResources = Readonly<Record<string, string>>;

/**
 * The server's language content (flat keys such as `home.hero.title`) wins over the bundled defaults, so a
 * mandant can reword every shell string; entries without a string key or value are ignored.
 */
export function mergeLanguageContent(
  defaults: TranslationResources,
  content: readonly KeyValue[],
): Record<string, string> {
  const merged: Record<string, string> = { ...defaults };
  for (const entry of content) {
    if (typeof entry?.Key === 'string' && entry.Key !== '' && typeof entry.Value === 'string') {
      merged[entry.Key] = entry.Value;
    }
  }
  return merged;
}
