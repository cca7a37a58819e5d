import { passwordField } from './setPassword.ts';

/**
 * The invited customer completes the registration (InvitationRegistration page → POST
 * Einladung/{token}/registrieren): a password, its confirmation and the terms box (SPEC 5: 'Dies ist ein
 * Pflichtfeld.'). The form's data is the request body; the server takes the box looser (SPEC 5's "yes" or a
 * positive number count as accepted) and answers an unticked one with PSOF0304.
 */
export const invitationRegistrationSchema = {
  $id: 'invitationRegistration',
  type: 'object',
  required: ['Password', 'PasswordConfirm', 'Agb'],
  properties: {
    Password: passwordField,
    PasswordConfirm: passwordField,
    Agb: { type: 'boolean', const: true },
  },
} as const;

export interface InvitationRegistrationData {
  Password?: string;
  PasswordConfirm?: string;
  Agb?: boolean;
}
