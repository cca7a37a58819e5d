import { useEffect } from 'react';
import { useT } from '../i18n/useT.ts';

/** The browser title: the translated page title and the mandant's name (SPEC: name in the browser title). */
export function documentTitle(title: string, mandantName: string): string {
  return title && title !== mandantName ? `${title} | ${mandantName}` : mandantName;
}

/** Sets `document.title` (the server puts the same text into the first paint's <title>). */
export function usePageTitle(titleKey: string | undefined, mandantName: string): void {
  const t = useT();
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = documentTitle(title, mandantName);
  }, [title, mandantName]);
}
