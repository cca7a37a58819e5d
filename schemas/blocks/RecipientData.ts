import { textKey } from './common.ts';

/**
 * The recipient data page (SPEC 2, RecipientData): the recommended product and the recipient's part of
 * the reward, and the form (first name, last name, e-mail, terms). Renders the page's h1.
 */
export const recipientDataPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
