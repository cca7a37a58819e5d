import type { FromSchema } from 'json-schema-to-ts';
import { backofficeLogoutPropsSchema } from '../../schemas/blocks/BackofficeLogout.ts';

export { backofficeLogoutPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeLogoutProps = FromSchema<
  typeof backofficeLogoutPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
