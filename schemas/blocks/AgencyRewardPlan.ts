import { textKey } from './common.ts';

/** The agency's reward plan: products and what they earn the agency; add and delete by ability (SPEC 6). The page's h1. */
export const agencyRewardPlanPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
