import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { createRuntimeConfig } from '../runtime/boot/createRuntimeConfig.ts';
import { createI18n } from '../runtime/i18n/createI18n.ts';
import { createLanguageLoader } from '../runtime/i18n/createLanguageLoader.ts';
import de from '../runtime/i18n/de.json';
import en from '../runtime/i18n/en.json';
import { mergeLanguageContent } from '../runtime/i18n/mergeLanguageContent.ts';
import { RuntimeProviders } from '../runtime/RuntimeProviders.tsx';
import { MemoryRouter } from '../runtime/router/navigation/index.ts';
import { createRuntimeStore } from '../runtime/state/createRuntimeStore.ts';
import { applyTheme } from '../runtime/theme/applyTheme.ts';
import { storyBootData } from './storyMandants.ts';

export interface StoryRuntimeProps {
  mandant: string;
  language: 'de' | 'en';
  /** Start URL of the story's memory router; defaults to the language's home. */
  path?: string;
  children: ReactNode;
}

/** What main.tsx does in the browser, for one story: boot data → store, i18n, theme, router. */
export function StoryRuntime({ mandant, language, path, children }: StoryRuntimeProps) {
  const runtime = useMemo(() => {
    const boot = { de: storyBootData(mandant, 'de'), en: storyBootData(mandant, 'en') };
    const config = createRuntimeConfig(boot[language]);
    // Both languages up front: no API in Storybook, and switching languages in a story needs no loading.
    const i18n = createI18n({
      language,
      fallbackLanguage: config.defaultLanguage,
      resources: {
        de: mergeLanguageContent(de, boot.de.languageContent),
        en: mergeLanguageContent(en, boot.en.languageContent),
      },
    });
    const languageLoader = createLanguageLoader({ i18n, loaded: ['de', 'en'], fetchContent: async () => [] });
    return { config, store: createRuntimeStore(config), i18n, languageLoader };
  }, [mandant, language]);

  useLayoutEffect(() => {
    applyTheme(runtime.config.mandant.theme);
    document.documentElement.lang = language;
  }, [runtime, language]);

  return (
    <RuntimeProviders store={runtime.store} i18n={runtime.i18n} languageLoader={runtime.languageLoader}>
      <MemoryRouter key={`${mandant}:${language}:${path ?? ''}`} initialEntries={[path ?? `/${language}`]}>
        {children}
      </MemoryRouter>
    </RuntimeProviders>
  );
}
