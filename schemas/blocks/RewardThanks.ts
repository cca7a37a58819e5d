import { textKey } from './common.ts';

/** Thanks after choosing a reward (SPEC 2, RewardThanks / PraemieDanke): what happens next, and the way to the bank data for a transfer. The page's h1. */
export const rewardThanksPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
