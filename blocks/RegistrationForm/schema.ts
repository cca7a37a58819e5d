import type { FromSchema } from 'json-schema-to-ts';
import { registrationFormPropsSchema } from '../../schemas/blocks/RegistrationForm.ts';

export { registrationFormPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RegistrationFormProps = FromSchema<
  typeof registrationFormPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
