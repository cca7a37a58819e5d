import { textKey } from './common.ts';

/** The customer number a reward is credited to (SPEC 2, CustomerNumber / KundenNummer), with the reward link's token. The page's h1. */
export const customerNumberPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
