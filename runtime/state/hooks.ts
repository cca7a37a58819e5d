import { useAtomValue } from 'jotai';
import type { MandantResponse } from '../../schemas/api.ts';
import type { LanguageOption } from '../boot/RuntimeConfig.ts';
import type { RouteTable } from '../router/routeTable.ts';
import { defaultLanguageAtom, languageAtom, languagesAtom, mandantAtom, routeTableAtom } from './atoms.ts';

/** The mandant configuration. The app renders only after boot, so a missing value is a wiring bug. */
export function useMandant(): MandantResponse {
  const mandant = useAtomValue(mandantAtom);
  if (!mandant)
    throw new Error('useMandant: no mandant in the store (render inside RuntimeProviders after boot)');
  return mandant;
}

/** The current language (the URL's locale). */
export function useLanguage(): string {
  return useAtomValue(languageAtom);
}

export function useLanguages(): readonly LanguageOption[] {
  return useAtomValue(languagesAtom);
}

export function useDefaultLanguage(): string {
  return useAtomValue(defaultLanguageAtom);
}

export function useRouteTable(): RouteTable {
  return useAtomValue(routeTableAtom);
}
