import type { FromSchema } from 'json-schema-to-ts';
import { backofficeStaffPropsSchema } from '../../schemas/blocks/BackofficeStaff.ts';

export { backofficeStaffPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeStaffProps = FromSchema<
  typeof backofficeStaffPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
