import { textKey } from './common.ts';

/**
 * The back office's programme figures (issue 15, ability reports): filters, charts with a table beside
 * each, tables per channel and per product, CSV and XLSX exports. The page's h1.
 */
export const backofficeFiguresPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
