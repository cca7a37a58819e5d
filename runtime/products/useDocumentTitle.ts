import { useEffect } from 'react';
import { useMandant } from '../state/hooks.ts';

/**
 * A page whose title comes from data (a category page shows the category's Titel) names itself in the
 * browser title like every page does: "Titel | Mandant" (WCAG 2.4.2). Effects run child first, so the page
 * renderer would set its static title after ours; the microtask runs once that flush is done.
 */
export function useDocumentTitle(title: string | null): void {
  const { name } = useMandant();
  useEffect(() => {
    if (!title) return;
    let current = true;
    queueMicrotask(() => {
      if (current) document.title = `${title} | ${name}`;
    });
    return () => {
      current = false;
    };
  }, [title, name]);
}
