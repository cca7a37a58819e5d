import { textKey } from './common.ts';

/** The back office's sign-in (issue 15): e-mail and password, then the authenticator's code (set up at first). */
export const backofficeLoginPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey },
} as const;
