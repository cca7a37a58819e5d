import { DEFAULT_LANGUAGE } from '../../schemas/constants.ts';
import de from './de.json';
import type { TranslationResources } from './mergeLanguageContent.ts';

/**
 * The runtime's own strings per language. German (the default) ships in the entry chunk; English loads
 * when needed. A language without its own file falls back to English, the lingua franca of the others.
 */
export function bundledDefaults(language: string): Promise<TranslationResources> {
  if (language === DEFAULT_LANGUAGE) return Promise.resolve(de);
  return import('./en.json').then((module) => module.default);
}
