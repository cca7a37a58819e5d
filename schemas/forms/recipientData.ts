import { emailField, personNameField } from './fields.ts';

/**
 * The recipient's data on the recipient landing (SPEC 2 and 3) → POST /empfaenger/create/{nr}: names, e-mail,
 * terms. Wire names, so the form's data is the request body; the route composes its own (looser) body from
 * the same fields, because SPEC 5 lets a client send "yes" for AgbAkzeptiert and answers a bad address with
 * PSOF0302 rather than a plain 400.
 */
export const recipientDataSchema = {
  $id: 'recipientData',
  type: 'object',
  required: ['Vorname', 'Nachname', 'Email', 'AgbAkzeptiert'],
  properties: {
    Vorname: personNameField,
    Nachname: personNameField,
    Email: emailField,
    /** SPEC 5: the terms must be accepted. */
    AgbAkzeptiert: { type: 'boolean', const: true },
  },
} as const;

export interface RecipientDataForm {
  Vorname?: string;
  Nachname?: string;
  Email?: string;
  AgbAkzeptiert?: boolean;
}
