import { link, textKey } from './common.ts';

/** Ends the back-office session as the page opens and confirms it, with a way back to the sign-in (issue 15). */
export const backofficeLogoutPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey, back: link },
} as const;
