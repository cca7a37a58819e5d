import { textKey } from './common.ts';

/** The recommender's bank data (SPEC 2, BankDetails / EmpfehlerBankdaten): IBAN masked, change and delete; logged in or with a reward link. The page's h1. */
export const bankDetailsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
