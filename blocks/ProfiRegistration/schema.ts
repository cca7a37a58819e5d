import type { FromSchema } from 'json-schema-to-ts';
import { profiRegistrationPropsSchema } from '../../schemas/blocks/ProfiRegistration.ts';

export { profiRegistrationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiRegistrationProps = FromSchema<
  typeof profiRegistrationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
