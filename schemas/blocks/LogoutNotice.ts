import { link, textKey } from './common.ts';

/** Logs the recommender out and confirms it, with a way back (SPEC 2, Logout). */
export const logoutNoticePropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey, back: link },
} as const;
