import { useEffect } from 'react';
import { useT } from '../i18n/useT.ts';

/** `document.title` is the translated page title and the mandant's name (SPEC: name in the browser title). */
export function usePageTitle(titleKey: string | undefined, mandantName: string): void {
  const t = useT();
  const title = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = title && title !== mandantName ? `${title} | ${mandantName}` : mandantName;
  }, [title, mandantName]);
}
