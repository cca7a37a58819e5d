import type { FromSchema } from 'json-schema-to-ts';
import { agencyInvitationToolPropsSchema } from '../../schemas/blocks/AgencyInvitationTool.ts';

export { agencyInvitationToolPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyInvitationToolProps = FromSchema<
  typeof agencyInvitationToolPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
