import type { FromSchema } from 'json-schema-to-ts';
import { callToActionPropsSchema } from '../../schemas/blocks/CallToAction.ts';

export { callToActionPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type CallToActionProps = FromSchema<
  typeof callToActionPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
