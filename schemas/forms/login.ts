import { emailField } from './fields.ts';

/** argon2 takes any length; the bound only keeps absurd bodies from costing hashing time. */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

/**
 * The login form (SPEC 2 Login, SPEC 7 POST /account/login): its data is the request body, so the route
 * validates with the same properties (server/routes/account/accountRoutes.ts).
 */
export const loginSchema = {
  $id: 'login',
  type: 'object',
  required: ['Email', 'Password'],
  properties: {
    Email: emailField,
    Password: { type: 'string', minLength: 1, maxLength: LOGIN_PASSWORD_MAX_LENGTH },
  },
} as const;

/** What the form holds (every field optional: a fresh form is empty). */
export interface LoginData {
  Email?: string;
  Password?: string;
}
