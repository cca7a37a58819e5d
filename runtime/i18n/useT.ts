import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The translate function of the current language; re-renders when the language or its content changes. */
export function useT(): TFunction {
  return useTranslation().t;
}
