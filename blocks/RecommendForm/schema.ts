import type { FromSchema } from 'json-schema-to-ts';
import { recommendFormPropsSchema } from '../../schemas/blocks/RecommendForm.ts';

export { recommendFormPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RecommendFormProps = FromSchema<
  typeof recommendFormPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
