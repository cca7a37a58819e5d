import type { i18n } from 'i18next';
import type { KeyValue } from '../../schemas/api.ts';
import { bundledDefaults } from './bundledDefaults.ts';
import { I18N_NAMESPACE } from './createI18n.ts';
import { mergeLanguageContent } from './mergeLanguageContent.ts';

export interface LanguageLoader {
  /** Loads a language's content once (bundled defaults + server content) and makes it the active one. */
  activate(language: string): Promise<void>;
}

export interface LanguageLoaderOptions {
  i18n: i18n;
  /** Languages whose resources the instance already holds (the boot language). */
  loaded: readonly string[];
  fetchContent: (language: string) => Promise<readonly KeyValue[]>;
}

export function createLanguageLoader(options: LanguageLoaderOptions): LanguageLoader {
  const loaded = new Set(options.loaded);
  const pending = new Map<string, Promise<void>>();
  let wanted = options.i18n.language;

  function load(language: string): Promise<void> {
    const running = pending.get(language);
    if (running) return running;
    // Either half may fail (offline, missing chunk); the language still switches with what arrived, so the
    // page never waits forever for its texts.
    const loading = Promise.all([
      bundledDefaults(language).catch((error: unknown) => {
        console.error(`Bundled texts for "${language}" could not be loaded`, error);
        return {};
      }),
      options.fetchContent(language).catch((error: unknown) => {
        console.error(`Language content for "${language}" could not be loaded`, error);
        return [];
      }),
    ]).then(([defaults, content]) => {
      options.i18n.addResourceBundle(
        language,
        I18N_NAMESPACE,
        mergeLanguageContent(defaults, content),
        true,
        true,
      );
      loaded.add(language);
      pending.delete(language);
    });
    pending.set(language, loading);
    return loading;
  }

  return {
    async activate(language) {
      wanted = language;
      if (!loaded.has(language)) await load(language);
      // A later switch may have overtaken this one while its content was loading.
      if (wanted === language && options.i18n.language !== language)
        await options.i18n.changeLanguage(language);
    },
  };
}
