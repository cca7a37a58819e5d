import type { i18n } from 'i18next';
import { configTextVariables } from '../../domain/textVariables.ts';
import type { BootData } from '../../schemas/api.ts';
import { fetchLanguageContent } from '../api/fetchLanguageContent.ts';
import { bannerAtBoot } from '../consent/bannerAtBoot.ts';
import { bannerAtBootAtom } from '../consent/consentUiAtoms.ts';
import { bundledDefaults } from '../i18n/bundledDefaults.ts';
import { createI18n } from '../i18n/createI18n.ts';
import { createLanguageLoader, type LanguageLoader } from '../i18n/createLanguageLoader.ts';
import { mergeLanguageContent } from '../i18n/mergeLanguageContent.ts';
import { createRuntimeStore, type RuntimeStore } from '../state/createRuntimeStore.ts';
import { createRuntimeConfig } from './createRuntimeConfig.ts';
import type { RuntimeConfig } from './RuntimeConfig.ts';

export interface Runtime {
  config: RuntimeConfig;
  store: RuntimeStore;
  i18n: i18n;
  languageLoader: LanguageLoader;
}

/** What the page was requested with, as far as the first render depends on it. */
export interface RuntimeRequest {
  /** The Cookie header on the server, `document.cookie` in the browser (only the consent cookie is read). */
  cookies: string;
  now: number;
}

/**
 * What the app renders with, built from the boot data alone: the same on the server (first paint) and in
 * the browser (hydration), so both render the same markup. Nothing here reads the browser.
 */
export async function createRuntime(boot: BootData, request: RuntimeRequest): Promise<Runtime> {
  const config = createRuntimeConfig(boot);
  const store = createRuntimeStore(config);
  store.set(bannerAtBootAtom, bannerAtBoot(config.mandant, request.cookies, request.now));
  const defaults = await bundledDefaults(config.language);
  const i18n = createI18n({
    language: config.language,
    fallbackLanguage: config.defaultLanguage,
    resources: { [config.language]: mergeLanguageContent(defaults, config.languageContent) },
    variables: configTextVariables(config.mandant),
  });
  const languageLoader = createLanguageLoader({
    i18n,
    loaded: [config.language],
    fetchContent: fetchLanguageContent,
  });
  return { config, store, i18n, languageLoader };
}
