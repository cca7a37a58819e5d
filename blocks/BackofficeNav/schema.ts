import type { FromSchema } from 'json-schema-to-ts';
import { backofficeNavPropsSchema } from '../../schemas/blocks/BackofficeNav.ts';

export { backofficeNavPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeNavProps = FromSchema<
  typeof backofficeNavPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
