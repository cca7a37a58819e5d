import type { FromSchema } from 'json-schema-to-ts';
import { bankDetailsPropsSchema } from '../../schemas/blocks/BankDetails.ts';

export { bankDetailsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BankDetailsProps = FromSchema<
  typeof bankDetailsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
