/** Where the chosen language is remembered between visits (SPEC section 2: "else the stored language"). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): then nothing is remembered.
    return null;
  }
}

export function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // See readStoredLanguage.
  }
}
