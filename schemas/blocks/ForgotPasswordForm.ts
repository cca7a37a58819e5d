import { sessionAudience, textKey } from './common.ts';

/** Forgot password (SPEC 2, ForgotPassword / PasswortVergessen): the e-mail to send a reset link to. */
export const forgotPasswordFormPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey, audience: sessionAudience },
} as const;
