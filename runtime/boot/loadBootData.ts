import type { BootData } from '../../schemas/api.ts';
import { readStoredLanguage } from '../i18n/languageStorage.ts';
import { readBootData } from './readBootData.ts';
import { resolveMandantId } from './resolveMandantId.ts';

/**
 * The embedded boot data when the server sent it (no request before first paint); otherwise the API
 * calls, whose code (and axios) is loaded only in that case.
 */
export async function loadBootData(
  doc: Document = document,
  location: Location = window.location,
): Promise<BootData> {
  const embedded = readBootData(doc);
  if (embedded) return embedded;
  const { fetchBootData } = await import('./fetchBootData.ts');
  return fetchBootData({
    mandantId: resolveMandantId(doc, location.hostname),
    language: {
      pathname: location.pathname,
      stored: readStoredLanguage(),
      browser: navigator.languages ?? [],
    },
  });
}
