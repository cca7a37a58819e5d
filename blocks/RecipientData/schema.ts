import type { FromSchema } from 'json-schema-to-ts';
import { recipientDataPropsSchema } from '../../schemas/blocks/RecipientData.ts';

export { recipientDataPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RecipientDataProps = FromSchema<
  typeof recipientDataPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
