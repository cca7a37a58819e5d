import type { FromSchema } from 'json-schema-to-ts';
import { backofficeOrderPropsSchema } from '../../schemas/blocks/BackofficeOrder.ts';

export { backofficeOrderPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeOrderProps = FromSchema<
  typeof backofficeOrderPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
