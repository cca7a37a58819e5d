import { textKey } from './common.ts';

/** Every reward of the recommender with its status (Offen, Bereitgestellt, Ausgezahlt, Abgeholt, Storniert, Abgelaufen) explained (SPEC 2, RewardOverview). The page's h1. */
export const rewardOverviewPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
