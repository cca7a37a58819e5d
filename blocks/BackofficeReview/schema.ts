import type { FromSchema } from 'json-schema-to-ts';
import { backofficeReviewPropsSchema } from '../../schemas/blocks/BackofficeReview.ts';

export { backofficeReviewPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeReviewProps = FromSchema<
  typeof backofficeReviewPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
