import { sessionAudience, textKey } from './common.ts';

/** Change password (SPEC 2, ChangePassword / PasswortAendern; login required): current and new password. */
export const changePasswordFormPropsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { headline: textKey, intro: textKey, audience: sessionAudience },
} as const;
