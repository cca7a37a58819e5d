import { BACKOFFICE_ROLES } from '../../domain/backofficeAbilities.ts';
import { emailField, personNameField } from './fields.ts';

const rolesField = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  maxItems: BACKOFFICE_ROLES.length,
  items: { type: 'string', enum: BACKOFFICE_ROLES },
  title: 'backoffice.staff.roles',
} as const;

/** An admin invites a member of the programme team (issue 15): POST backoffice/mitarbeiter. */
export const backofficeStaffInvitationSchema = {
  $id: 'backofficeStaffInvitation',
  type: 'object',
  required: ['Name', 'Email', 'Rollen'],
  properties: {
    Name: { ...personNameField, title: 'backoffice.staff.name' },
    Email: { ...emailField, title: 'backoffice.staff.email' },
    Rollen: rolesField,
  },
} as const;

export interface BackofficeStaffInvitationData {
  Name?: string;
  Email?: string;
  Rollen?: (typeof BACKOFFICE_ROLES)[number][];
}

/** An admin changes a member's roles: PUT backoffice/mitarbeiter/{id}/rollen. */
export const backofficeStaffRolesSchema = {
  $id: 'backofficeStaffRoles',
  type: 'object',
  required: ['Rollen'],
  properties: { Rollen: rolesField },
} as const;

export interface BackofficeStaffRolesData {
  Rollen?: (typeof BACKOFFICE_ROLES)[number][];
}
