import { CONTACT_LIMITS } from '../contentContact.ts';
import { emailField, requiredText } from './fields.ts';

/**
 * The contact form (SPEC 2 Kontakt, SPEC 7 POST /kontakt): every rule of its fields. The route's body is
 * these fields plus the captcha payload (server/routes/contact/contactRoutes.ts).
 */
export const contactSchema = {
  $id: 'contact',
  type: 'object',
  required: ['Name', 'Email', 'Betreff', 'Nachricht'],
  properties: {
    Name: requiredText(CONTACT_LIMITS.Name),
    Email: emailField,
    Betreff: requiredText(CONTACT_LIMITS.Betreff),
    Nachricht: requiredText(CONTACT_LIMITS.Nachricht),
  },
} as const;

export interface ContactData {
  Name?: string;
  Email?: string;
  Betreff?: string;
  Nachricht?: string;
}
