import type { FromSchema } from 'json-schema-to-ts';
import { backofficePayoutsPropsSchema } from '../../schemas/blocks/BackofficePayouts.ts';

export { backofficePayoutsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficePayoutsProps = FromSchema<
  typeof backofficePayoutsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
