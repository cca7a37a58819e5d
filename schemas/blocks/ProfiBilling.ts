import { textKey } from './common.ts';

/** The profi-seller's monthly credit notes (Gutschriften), each as PDF. The page's h1. */
export const profiBillingPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
