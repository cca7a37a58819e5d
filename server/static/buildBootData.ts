import type { BootData } from '../../schemas/api.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';

/** The same content as the four configuration calls, so the first paint needs no API round trip. */
export function buildBootData(mandant: LoadedMandant, language: string): BootData {
  return {
    mandantId: mandant.id,
    mandant: mandant.response,
    routes: mandant.defaultRoutes,
    additionalRoutes: mandant.additionalRoutes,
    languages: mandant.languages,
    language,
    languageContent: mandant.languageContent.get(language) ?? [],
  };
}
