import type { FromSchema } from 'json-schema-to-ts';
import { agencyRegistrationPropsSchema } from '../../schemas/blocks/AgencyRegistration.ts';

export { agencyRegistrationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyRegistrationProps = FromSchema<
  typeof agencyRegistrationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
