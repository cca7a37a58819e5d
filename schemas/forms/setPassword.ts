/**
 * Setting a password with a welcome or reset link (SetPasswordForm → PUT /account/resetPassword). Wire names:
 * the form's data is the request body without the link's Token, which the route adds. The rules of SPEC 5
 * (length, letters, digit, common passwords, "passwords must match") depend on the mandant's served rules:
 * the form checks them in customValidate with domain/password.ts, the server with the same functions.
 */

/** A password as typed: required here; argon2 takes any length, the bound only keeps absurd bodies cheap. */
export const passwordField = { type: 'string', minLength: 1, maxLength: 1024 } as const;

export const setPasswordSchema = {
  $id: 'setPassword',
  type: 'object',
  required: ['Password', 'PasswordConfirm'],
  properties: {
    Password: passwordField,
    PasswordConfirm: passwordField,
  },
} as const;

export interface SetPasswordData {
  Password?: string;
  PasswordConfirm?: string;
}
