import { textKey } from './common.ts';

/**
 * The back office's review queue (issue 15): fraud-flagged orders with their reasons explained, approve or reject one or the selected ones with a note (ability review). The page's h1.
 */
export const backofficeReviewPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
