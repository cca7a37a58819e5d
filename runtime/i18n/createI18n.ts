import { createInstance, type i18n } from 'i18next';
import type { TranslationResources } from './mergeLanguageContent.ts';

export const I18N_NAMESPACE = 'translation';

export interface CreateI18nOptions {
  language: string;
  fallbackLanguage: string;
  /** Resources per language, already merged (server content over bundled defaults). */
  resources: Readonly<Record<string, TranslationResources>>;
  /** Values every text may interpolate, from the mandant's configuration (domain/textVariables.ts). */
  variables?: Readonly<Record<string, string>>;
}

/**
 * A fresh i18next instance (never the global one, so stories and tests stay isolated). Keys are flat
 * (`home.hero.title` is one key, not a path), and React escapes output, so i18next must not.
 */
export function createI18n(options: CreateI18nOptions): i18n {
  const instance = createInstance();
  void instance.init({
    lng: options.language,
    fallbackLng: options.fallbackLanguage,
    resources: Object.fromEntries(
      Object.entries(options.resources).map(([language, resources]) => [
        language,
        { [I18N_NAMESPACE]: resources },
      ]),
    ),
    defaultNS: I18N_NAMESPACE,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, defaultVariables: { ...options.variables } },
    // Resources are given up front, so initialisation can be synchronous: the first render is translated.
    initAsync: false,
  });
  return instance;
}
