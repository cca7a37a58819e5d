import { INVITATION_ARTEN } from '../agency.ts';
import { emailField, personNameField } from './fields.ts';

/**
 * The agency's invitation form (SPEC 3 "Agent invitation", SPEC 7 PUT Einladung): the customer's Vorname,
 * Nachname, Email, how they were met (Art: on site or by phone) and the inviting employee's
 * Mitarbeiternummer (prefilled from GET Einladung/daten). The form's data is the request body; the route
 * takes the e-mail looser so that a bad address answers SPEC's PSOF0302, and adds the captcha when the
 * pre-check asks for one (server/agency/invitations/invitationRoutes.ts).
 */
export const invitationSchema = {
  $id: 'invitation',
  type: 'object',
  required: ['Vorname', 'Nachname', 'Email', 'Art'],
  properties: {
    Vorname: personNameField,
    Nachname: personNameField,
    Email: emailField,
    Art: { type: 'string', enum: INVITATION_ARTEN },
    Mitarbeiternummer: { type: 'string', maxLength: 40 },
  },
} as const;

export interface InvitationData {
  Vorname?: string;
  Nachname?: string;
  Email?: string;
  Art?: 'VorOrt' | 'Telefonisch';
  Mitarbeiternummer?: string;
}
