import { passwordField } from './setPassword.ts';

/**
 * Changing the password when logged in (ChangePasswordForm → PUT /account/resetPasswordWithoutToken). The
 * form's data is the request body, so the route validates this schema. The rules of SPEC 5 and "passwords
 * must match" are checked in customValidate (domain/password.ts), by the server with the same functions.
 */
export const changePasswordSchema = {
  $id: 'changePassword',
  type: 'object',
  required: ['OldPassword', 'Password', 'PasswordConfirm'],
  properties: {
    OldPassword: passwordField,
    Password: passwordField,
    PasswordConfirm: passwordField,
  },
} as const;

export interface ChangePasswordData {
  OldPassword?: string;
  Password?: string;
  PasswordConfirm?: string;
}
