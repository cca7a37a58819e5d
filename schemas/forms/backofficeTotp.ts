/**
 * The back office's second sign-in step (issue 15): the six-digit code of the authenticator app. The body
 * of `POST backoffice/login/totp` carries the form's data plus the challenge of the first step.
 */
export const backofficeTotpSchema = {
  $id: 'backofficeTotp',
  type: 'object',
  required: ['Code'],
  properties: {
    Code: { type: 'string', pattern: '^[0-9]{6}$', title: 'backoffice.login.code' },
  },
} as const;

export interface BackofficeTotpData {
  Code?: string;
}
