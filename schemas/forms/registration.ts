import { emailField, personNameField } from './fields.ts';

/**
 * Registration (SPEC 7 POST /account/createEmpfehler with Vorname, Nachname, Email): the form's data is the
 * request body, so the route takes its properties (server/routes/account/accountLifecycleRoutes.ts).
 */
export const registrationSchema = {
  $id: 'registration',
  type: 'object',
  required: ['Vorname', 'Nachname', 'Email'],
  properties: { Vorname: personNameField, Nachname: personNameField, Email: emailField },
} as const;

export interface RegistrationData {
  Vorname?: string;
  Nachname?: string;
  Email?: string;
}
