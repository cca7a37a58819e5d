import { textKey } from './common.ts';

/** The agency's monthly commission credit notes, each as PDF (ability invoices). The page's h1. */
export const agencyInvoicesPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
