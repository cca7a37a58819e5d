import { textKey } from './common.ts';

/** The orders attributed to the profi-seller: status filter, order, "more" paging, CSV and XLSX. The page's h1. */
export const profiOrdersPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
