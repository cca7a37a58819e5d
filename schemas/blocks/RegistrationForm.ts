import { textKey } from './common.ts';

/** Registration (SPEC 2, Registration): first name, last name, e-mail; then "check your mailbox". */
export const registrationFormPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
