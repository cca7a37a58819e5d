import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { languageAtom } from '../state/atoms.ts';
import { useLanguageLoader } from './LanguageLoaderContext.ts';
import { storeLanguage } from './languageStorage.ts';
import { useI18nLanguage } from './useT.ts';

/**
 * The URL's locale is the source of truth: when it changes (language switch link, back button), the
 * language atom (links, API header), the stored choice and i18next's active language follow it. `null`
 * (while a redirect is under way) changes nothing.
 *
 * Returns whether the texts on screen are already in that language: until its content has loaded the
 * page is not ready, so tests never see the old language on a new URL.
 */
export function useLanguageSync(locale: string | null): boolean {
  const loader = useLanguageLoader();
  const setLanguage = useSetAtom(languageAtom);
  const active = useI18nLanguage();
  useEffect(() => {
    if (locale === null) return;
    setLanguage(locale);
    storeLanguage(locale);
    void loader.activate(locale);
  }, [locale, loader, setLanguage]);
  // `lang` names the language of the text actually shown, which switches once the content is there.
  useEffect(() => {
    document.documentElement.lang = active;
  }, [active]);
  return locale === null || active === locale;
}
