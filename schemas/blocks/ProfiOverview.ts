import { textKey } from './common.ts';

/** The profi-seller's start: this month's sums, the latest orders and what needs the seller's action. The page's h1. */
export const profiOverviewPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
