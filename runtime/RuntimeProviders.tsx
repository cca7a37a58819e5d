import type { i18n } from 'i18next';
import { Provider as StoreProvider } from 'jotai';
import type { ReactNode } from 'react';
import type { LanguageLoader } from './i18n/createLanguageLoader.ts';
import { I18nContext } from './i18n/I18nContext.ts';
import { LanguageLoaderContext } from './i18n/LanguageLoaderContext.ts';
import type { RuntimeStore } from './state/createRuntimeStore.ts';

export interface RuntimeProvidersProps {
  store: RuntimeStore;
  i18n: i18n;
  languageLoader: LanguageLoader;
  children: ReactNode;
}

/** The services every block may use: state store, translations, language loading. Router not included. */
export function RuntimeProviders({ store, i18n, languageLoader, children }: RuntimeProvidersProps) {
  return (
    <StoreProvider store={store}>
      <I18nContext.Provider value={i18n}>
        <LanguageLoaderContext.Provider value={languageLoader}>{children}</LanguageLoaderContext.Provider>
      </I18nContext.Provider>
    </StoreProvider>
  );
}
