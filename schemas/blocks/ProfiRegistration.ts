import { textKey } from './common.ts';

/** A profi-seller registers (public, with the captcha); then the welcome page. The page's h1. */
export const profiRegistrationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey },
} as const;
