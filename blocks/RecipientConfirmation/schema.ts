import type { FromSchema } from 'json-schema-to-ts';
import { recipientConfirmationPropsSchema } from '../../schemas/blocks/RecipientConfirmation.ts';

export { recipientConfirmationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RecipientConfirmationProps = FromSchema<
  typeof recipientConfirmationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
