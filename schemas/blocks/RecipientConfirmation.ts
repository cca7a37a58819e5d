import { textKey } from './common.ts';

/** The end of the recipient journey (SPEC 2, RecipientConfirmation). Renders the page's h1. */
export const recipientConfirmationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey },
} as const;
