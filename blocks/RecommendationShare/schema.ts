import type { FromSchema } from 'json-schema-to-ts';
import { recommendationSharePropsSchema } from '../../schemas/blocks/RecommendationShare.ts';

export { recommendationSharePropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RecommendationShareProps = FromSchema<
  typeof recommendationSharePropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
