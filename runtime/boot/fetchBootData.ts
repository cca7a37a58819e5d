import type { BootData } from '../../schemas/api.ts';
import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';
import { configureApi } from '../api/api.ts';
import {
  fetchAdditionalRoutes,
  fetchDefaultRoutes,
  fetchLanguageContent,
  fetchLanguages,
  fetchMandant,
} from '../api/configApi.ts';
import { detectLanguage, type LanguageSources } from './detectLanguage.ts';

export interface FetchBootDataOptions {
  mandantId: string;
  language: Omit<LanguageSources, 'offered' | 'defaultLanguage'>;
}

/**
 * Boot without embedded data (e.g. against the original backend): the configuration calls of SPEC
 * section 7, then the content of the detected language.
 */
export async function fetchBootData({ mandantId, language }: FetchBootDataOptions): Promise<BootData> {
  let current: string = DEFAULT_LANGUAGE;
  configureApi({ mandantId, getLanguage: () => current });
  const [mandant, routes, additionalRoutes, languages] = await Promise.all([
    fetchMandant(mandantId),
    fetchDefaultRoutes(),
    fetchAdditionalRoutes(),
    fetchLanguages(),
  ]);
  current = detectLanguage({
    ...language,
    offered: routes.SupportedLanguage.Sprache,
    defaultLanguage: routes.SupportedLanguage.Standard,
  });
  const languageContent = await fetchLanguageContent(current);
  return { mandantId, mandant, routes, additionalRoutes, languages, language: current, languageContent };
}
