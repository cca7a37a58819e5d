import { createContext, useContext } from 'react';
import type { LanguageLoader } from './createLanguageLoader.ts';

export const LanguageLoaderContext = createContext<LanguageLoader | null>(null);

export function useLanguageLoader(): LanguageLoader {
  const loader = useContext(LanguageLoaderContext);
  if (!loader) throw new Error('useLanguageLoader: render inside RuntimeProviders');
  return loader;
}
