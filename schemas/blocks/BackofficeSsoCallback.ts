import { textKey } from './common.ts';

/** Where the identity provider sends the back-office team back (issue 15): redeems the code, goes on. */
export const backofficeSsoCallbackPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
