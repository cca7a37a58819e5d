import { textKey } from './common.ts';

/** The personal area's greeting: `headline` may use {{vorname}} and {{nachname}} of the logged-in user. */
export const greetingPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, text: textKey },
} as const;
