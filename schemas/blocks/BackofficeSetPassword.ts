import { textKey } from './common.ts';

/** An invited back-office member sets the first password with the mailed link (issue 15). */
export const backofficeSetPasswordPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
