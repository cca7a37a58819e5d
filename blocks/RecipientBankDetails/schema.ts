import type { FromSchema } from 'json-schema-to-ts';
import { recipientBankDetailsPropsSchema } from '../../schemas/blocks/RecipientBankDetails.ts';

export { recipientBankDetailsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RecipientBankDetailsProps = FromSchema<
  typeof recipientBankDetailsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
