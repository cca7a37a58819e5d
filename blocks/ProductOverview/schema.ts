import type { FromSchema } from 'json-schema-to-ts';
import { productOverviewPropsSchema } from '../../schemas/blocks/ProductOverview.ts';

export { productOverviewPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProductOverviewProps = FromSchema<
  typeof productOverviewPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
