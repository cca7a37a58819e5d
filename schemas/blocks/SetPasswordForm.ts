import { sessionAudience, textKey } from './common.ts';

/**
 * Sets the password with the link of a mail (the `token` route parameter) and logs in: `welcome` finishes
 * a registration (CompleteRegistration / RegistrierungAbschliessen), `reset` a forgotten password
 * (SetPassword / PasswortZuruecksetzen). An expired link offers "forgot password".
 */
export const setPasswordFormPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['purpose'],
  properties: {
    purpose: { type: 'string', enum: ['welcome', 'reset'], description: 'Which mail the link came from' },
    headline: textKey,
    intro: textKey,
    audience: sessionAudience,
  },
} as const;
