import { emailField } from './fields.ts';

/**
 * Forgot password (SPEC 2 ForgotPassword): the address a reset link goes to. The call carries it in its
 * path (GET /account/resetPassword/{id}), not in a body.
 */
export const forgotPasswordSchema = {
  $id: 'forgotPassword',
  type: 'object',
  required: ['Email'],
  properties: { Email: emailField },
} as const;

export interface ForgotPasswordData {
  Email?: string;
}
