import type { FromSchema } from 'json-schema-to-ts';
import { backofficeAuditPropsSchema } from '../../schemas/blocks/BackofficeAudit.ts';

export { backofficeAuditPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeAuditProps = FromSchema<
  typeof backofficeAuditPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
