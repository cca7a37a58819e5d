import { textKey } from './common.ts';

/** Agency sign-in with the token of an invitation link (`?t=`), or how to get one (SPEC 2, agency pages). */
export const agencyLoginPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey },
} as const;
