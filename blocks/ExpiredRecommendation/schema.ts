import type { FromSchema } from 'json-schema-to-ts';
import { expiredRecommendationPropsSchema } from '../../schemas/blocks/ExpiredRecommendation.ts';

export { expiredRecommendationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ExpiredRecommendationProps = FromSchema<
  typeof expiredRecommendationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
