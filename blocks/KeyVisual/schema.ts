import type { FromSchema } from 'json-schema-to-ts';
import { keyVisualPropsSchema } from '../../schemas/blocks/KeyVisual.ts';

export { keyVisualPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type KeyVisualProps = FromSchema<
  typeof keyVisualPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
