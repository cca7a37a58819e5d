import type { FromSchema } from 'json-schema-to-ts';
import { productCategoryPropsSchema } from '../../schemas/blocks/ProductCategory.ts';

export { productCategoryPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProductCategoryProps = FromSchema<
  typeof productCategoryPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
