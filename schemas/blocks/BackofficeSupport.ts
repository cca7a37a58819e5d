import { textKey } from './common.ts';

/**
 * The back office's support (issue 15): find a recommender, their card, the admin token login, mails sent
 * again, export and erasure on request (ability support). The page's h1.
 */
export const backofficeSupportPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
