import type { FromSchema } from 'json-schema-to-ts';
import { adminLoginPropsSchema } from '../../schemas/blocks/AdminLogin.ts';

export { adminLoginPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AdminLoginProps = FromSchema<
  typeof adminLoginPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
