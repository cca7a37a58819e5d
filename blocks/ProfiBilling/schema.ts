import type { FromSchema } from 'json-schema-to-ts';
import { profiBillingPropsSchema } from '../../schemas/blocks/ProfiBilling.ts';

export { profiBillingPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiBillingProps = FromSchema<
  typeof profiBillingPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
