import type { FromSchema } from 'json-schema-to-ts';
import { invitationRegistrationPropsSchema } from '../../schemas/blocks/InvitationRegistration.ts';

export { invitationRegistrationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type InvitationRegistrationProps = FromSchema<
  typeof invitationRegistrationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
