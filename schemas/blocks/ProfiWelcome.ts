import { textKey } from './common.ts';

/** After the registration: what happens next (the mail to set the password, then the overview). The page's h1. */
export const profiWelcomePropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey },
} as const;
