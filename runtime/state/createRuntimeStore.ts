import { createStore } from 'jotai';
import type { RuntimeConfig } from '../boot/RuntimeConfig.ts';
import {
  defaultLanguageAtom,
  languageAtom,
  languagesAtom,
  mandantAtom,
  mandantIdAtom,
  routeTableAtom,
} from './atoms.ts';

export type RuntimeStore = ReturnType<typeof createStore>;

/** One store per app (and per story or test), filled from the boot data before the first render. */
export function createRuntimeStore(config: RuntimeConfig): RuntimeStore {
  const store = createStore();
  store.set(mandantIdAtom, config.mandantId);
  store.set(mandantAtom, config.mandant);
  store.set(routeTableAtom, config.routeTable);
  store.set(languagesAtom, config.languages);
  store.set(defaultLanguageAtom, config.defaultLanguage);
  store.set(languageAtom, config.language);
  return store;
}
