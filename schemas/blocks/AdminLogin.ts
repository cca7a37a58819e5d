import { textKey } from './common.ts';

/** Admin login with the token appended to the login path (SPEC 2, Admin); reads the `token` route parameter. */
export const adminLoginPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
