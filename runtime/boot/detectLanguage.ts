import { splitFirstSegment } from '../router/localePath.ts';

export interface LanguageSources {
  pathname: string;
  stored: string | null;
  /** navigator.languages, e.g. ['en-GB', 'de']. */
  browser: readonly string[];
  offered: readonly string[];
  defaultLanguage: string;
}

/**
 * SPEC section 2: the language is the URL's first segment if it is an offered two-letter code, else the
 * stored language, else the browser languages, else the default.
 */
export function detectLanguage(sources: LanguageSources): string {
  const { first } = splitFirstSegment(sources.pathname);
  const offered = (code: string | null | undefined): code is string =>
    !!code && sources.offered.includes(code);
  if (offered(first)) return first;
  if (offered(sources.stored)) return sources.stored;
  for (const tag of sources.browser) {
    const code = tag.toLowerCase().split('-')[0];
    if (offered(code)) return code;
  }
  return sources.defaultLanguage;
}
