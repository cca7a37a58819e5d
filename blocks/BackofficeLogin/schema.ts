import type { FromSchema } from 'json-schema-to-ts';
import { backofficeLoginPropsSchema } from '../../schemas/blocks/BackofficeLogin.ts';

export { backofficeLoginPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeLoginProps = FromSchema<
  typeof backofficeLoginPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
