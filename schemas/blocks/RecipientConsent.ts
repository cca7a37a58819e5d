import { textKey } from './common.ts';

/**
 * Terms and privacy consent of a recipient (SPEC 2, RecipientTOSConsent / RecipientConsent,
 * AGBDatenschutzZustimmung). `consentText` is the i18n key of the text agreed to: exactly that text, in
 * the language shown, is stored with the consent. Renders the page's h1.
 */
export const recipientConsentPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey, consentText: textKey },
} as const;
