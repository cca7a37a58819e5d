/**
 * Composition root: the only runtime module that imports blocks/ (the block registry). Everything else
 * in runtime/ depends on schemas/ alone; see README.md.
 */
import './theme/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { blockRegistry } from '../blocks/registry.ts';
import { DEFAULT_LANGUAGE } from '../schemas/constants.ts';
import { App } from './App.tsx';
import { configureApi } from './api/api.ts';
import { fetchLanguageContent } from './api/configApi.ts';
import { BootFailure } from './boot/BootFailure.tsx';
import { createRuntimeConfig } from './boot/createRuntimeConfig.ts';
import { loadBootData } from './boot/loadBootData.ts';
import { bundledDefaults } from './i18n/bundledDefaults.ts';
import { createI18n } from './i18n/createI18n.ts';
import { createLanguageLoader } from './i18n/createLanguageLoader.ts';
import { loadErrorMessages } from './i18n/loadErrorMessages.ts';
import { mergeLanguageContent } from './i18n/mergeLanguageContent.ts';
import { splitFirstSegment } from './router/localePath.ts';
import { languageAtom } from './state/atoms.ts';
import { createRuntimeStore } from './state/createRuntimeStore.ts';
import { applyFavicon, applyTheme } from './theme/applyTheme.ts';
import { assetUrl } from './theme/assetUrl.ts';

async function start(container: HTMLElement): Promise<void> {
  document.body.dataset.pageReady = 'false';
  const boot = await loadBootData();
  const config = createRuntimeConfig(boot);
  const store = createRuntimeStore(config);

  const defaults = await bundledDefaults(config.language);
  const i18n = createI18n({
    language: config.language,
    fallbackLanguage: config.defaultLanguage,
    resources: { [config.language]: mergeLanguageContent(defaults, config.languageContent) },
  });
  const languageLoader = createLanguageLoader({
    i18n,
    loaded: [config.language],
    fetchContent: fetchLanguageContent,
  });
  configureApi({
    mandantId: config.mandantId,
    getLanguage: () => store.get(languageAtom),
    // Error texts can only be needed once an API call fails, so they load with the API client.
    onFirstUse: () => loadErrorMessages(i18n),
  });

  applyTheme(config.mandant.theme);
  const favicon = config.mandant.theme?.favicon;
  if (favicon) applyFavicon(assetUrl(config.mandantId, favicon));
  document.documentElement.lang = config.language;

  createRoot(container).render(
    <StrictMode>
      <App store={store} i18n={i18n} languageLoader={languageLoader} registry={blockRegistry} />
    </StrictMode>,
  );
}

async function showBootFailure(container: HTMLElement, error: unknown): Promise<void> {
  console.error('The runtime could not start', error);
  const { first } = splitFirstSegment(window.location.pathname);
  const language = first === 'en' ? 'en' : DEFAULT_LANGUAGE;
  const i18n = createI18n({
    language,
    fallbackLanguage: DEFAULT_LANGUAGE,
    resources: { [language]: await bundledDefaults(language) },
  });
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <BootFailure />
    </I18nextProvider>,
  );
  document.body.dataset.pageReady = 'error';
}

const container = document.getElementById('root');
if (container) {
  start(container).catch((error: unknown) => showBootFailure(container, error));
}
