import type { i18n } from 'i18next';
import { createContext, useContext } from 'react';

/**
 * The i18next instance of the app (never the global one: stories and tests run several side by side).
 * Our own context instead of react-i18next's provider: the runtime needs only `t` and the active
 * language, and react-i18next's 2.9 kB gzip would sit in the first-paint budget (runtime/README.md).
 */
export const I18nContext = createContext<i18n | null>(null);

export function useI18n(): i18n {
  const instance = useContext(I18nContext);
  if (!instance) throw new Error('useI18n: render inside RuntimeProviders (or an I18nContext provider)');
  return instance;
}
