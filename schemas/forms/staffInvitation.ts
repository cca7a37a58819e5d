import { emailField, personNameField } from './fields.ts';

/** The roles an owner gives staff they invite (SPEC 6; the placeholder role is never given by hand). */
export const STAFF_ROLES = ['employee', 'owner', 'inactiveOwner'] as const;

/**
 * The owner invites a member of staff (issue 14, employees): POST /agentur/mitarbeiter with these wire
 * names. The Mitarbeiternummer is optional (an inactive owner has none).
 */
export const staffInvitationSchema = {
  $id: 'staffInvitation',
  type: 'object',
  required: ['Name', 'Email', 'Rolle'],
  properties: {
    Name: personNameField,
    Email: emailField,
    Mitarbeiternummer: { type: 'string', maxLength: 40 },
    Rolle: { type: 'string', enum: STAFF_ROLES },
  },
} as const;

export interface StaffInvitationData {
  Name?: string;
  Email?: string;
  Mitarbeiternummer?: string;
  Rolle?: (typeof STAFF_ROLES)[number];
}
