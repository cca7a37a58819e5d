import { textKey } from './common.ts';

/** Reward choice (SPEC 2, Reward / PraemieWaehlen): the catalogue entries that fit the earned reward, for the logged-in recommender or the holder of a reward link (?token=). The page's h1. */
export const rewardChoicePropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
