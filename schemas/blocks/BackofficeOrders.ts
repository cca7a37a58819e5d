import { textKey } from './common.ts';

/**
 * The back office's order and recommendation search (issue 15): the search field, the list (DataTable) with CSV and XLSX export, a link per row to the recommendation's page. The page's h1.
 */
export const backofficeOrdersPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
