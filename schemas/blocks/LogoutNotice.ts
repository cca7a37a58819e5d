import { link, sessionAudience, textKey } from './common.ts';

/** Logs the recommender out (audience agency: the agency user) and confirms it, with a way back (SPEC 2). */
export const logoutNoticePropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey, back: link, audience: sessionAudience },
} as const;
