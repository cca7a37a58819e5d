import type { FromSchema } from 'json-schema-to-ts';
import { backofficeOrdersPropsSchema } from '../../schemas/blocks/BackofficeOrders.ts';

export { backofficeOrdersPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeOrdersProps = FromSchema<
  typeof backofficeOrdersPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
