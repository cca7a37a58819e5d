import type { i18n } from 'i18next';
import { LANGUAGES } from '../../schemas/constants.ts';
import { I18N_NAMESPACE } from './createI18n.ts';

/** i18n key of an error code's message, e.g. `errors.PSOF0002`. */
export function errorKey(code: string): string {
  return `errors.${code}`;
}

/**
 * Adds the error catalogue (schemas/errors.ts) as `errors.{code}` for de and en. It loads after first
 * paint because no error can be shown before the first API call; `overwrite: false` keeps a mandant's
 * own wording from its language content.
 */
export async function loadErrorMessages(instance: i18n): Promise<void> {
  const { ERRORS } = await import('../../schemas/errors.ts');
  for (const language of LANGUAGES) {
    const messages = Object.fromEntries(
      Object.entries(ERRORS).map(([code, entry]) => [errorKey(code), entry[language]]),
    );
    instance.addResourceBundle(language, I18N_NAMESPACE, messages, true, false);
  }
}
