import type { FromSchema } from 'json-schema-to-ts';
import { customerNumberPropsSchema } from '../../schemas/blocks/CustomerNumber.ts';

export { customerNumberPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type CustomerNumberProps = FromSchema<
  typeof customerNumberPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
