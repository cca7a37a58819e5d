import type { FromSchema } from 'json-schema-to-ts';
import { backofficeSetPasswordPropsSchema } from '../../schemas/blocks/BackofficeSetPassword.ts';

export { backofficeSetPasswordPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeSetPasswordProps = FromSchema<
  typeof backofficeSetPasswordPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
