import type { FromSchema } from 'json-schema-to-ts';
import { confirmationPropsSchema } from '../../schemas/blocks/Confirmation.ts';

export { confirmationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ConfirmationProps = FromSchema<
  typeof confirmationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
