import type { FromSchema } from 'json-schema-to-ts';
import { recipientConsentPropsSchema } from '../../schemas/blocks/RecipientConsent.ts';

export { recipientConsentPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RecipientConsentProps = FromSchema<
  typeof recipientConsentPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
