import { textKey } from './common.ts';

/** E-mail and password login (SPEC 2, Login); after login back to the page that asked for it. */
export const loginFormPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
