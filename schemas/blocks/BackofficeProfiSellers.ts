import { textKey } from './common.ts';

/**
 * The back office's profi-sellers (issue 16): the list with search and commission sums, a seller's data and
 * credit notes (ability profiSellers), block and unblock (profiBlock), the credit notes of the last finished
 * month for every seller (payouts). The page's h1.
 */
export const backofficeProfiSellersPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
