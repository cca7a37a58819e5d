import type { FromSchema } from 'json-schema-to-ts';
import { backofficeSupportPropsSchema } from '../../schemas/blocks/BackofficeSupport.ts';

export { backofficeSupportPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeSupportProps = FromSchema<
  typeof backofficeSupportPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
