import type { FromSchema } from 'json-schema-to-ts';
import { backofficeProfiSellersPropsSchema } from '../../schemas/blocks/BackofficeProfiSellers.ts';

export { backofficeProfiSellersPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeProfiSellersProps = FromSchema<
  typeof backofficeProfiSellersPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
