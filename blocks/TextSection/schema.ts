import type { FromSchema } from 'json-schema-to-ts';
import { textSectionPropsSchema } from '../../schemas/blocks/TextSection.ts';

export { textSectionPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type TextSectionProps = FromSchema<
  typeof textSectionPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
