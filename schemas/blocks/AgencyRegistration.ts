import { textKey } from './common.ts';

/**
 * An agency registers itself (issue 14, SPEC 2 agency pages register, confirm, register additional data), one
 * block in three steps: `register` (AgencyRegister: company, owner, e-mail, password, terms; then "check
 * your mailbox"), `confirm` (AgencyConfirm, the mailed link: confirms on load and leads to the data step),
 * `data` (AgencyRegisterData: address, tax number, phone; then "thank you, we are reviewing").
 */
export const agencyRegistrationPropsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['step'],
  properties: {
    step: { type: 'string', enum: ['register', 'confirm', 'data'] },
    headline: textKey,
    intro: textKey,
  },
} as const;
