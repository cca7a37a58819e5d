import { textKey } from './common.ts';

/** Reward details (SPEC 2, RewardDetails / PraemieDaten with {praemieid}): the chosen reward and the receipt form (first name, last name, e-mail). The page's h1. */
export const rewardDetailsPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
