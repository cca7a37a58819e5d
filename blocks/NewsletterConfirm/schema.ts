import type { FromSchema } from 'json-schema-to-ts';
import { newsletterConfirmPropsSchema } from '../../schemas/blocks/NewsletterConfirm.ts';

export { newsletterConfirmPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type NewsletterConfirmProps = FromSchema<
  typeof newsletterConfirmPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
