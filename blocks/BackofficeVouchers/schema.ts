import type { FromSchema } from 'json-schema-to-ts';
import { backofficeVouchersPropsSchema } from '../../schemas/blocks/BackofficeVouchers.ts';

export { backofficeVouchersPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeVouchersProps = FromSchema<
  typeof backofficeVouchersPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
