import { textKey } from './common.ts';

/** The recipient's bank data (SPEC 2, BankDetailsRecipient): IBAN and account holder. Renders the page's h1. */
export const recipientBankDetailsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
