import { textKey } from './common.ts';

/** The contact form (Kontakt): name, e-mail, subject and message, with ALTCHA when the server asks for it. */
export const contactPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
