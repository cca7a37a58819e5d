import type { FromSchema } from 'json-schema-to-ts';
import { agencyInvoicesPropsSchema } from '../../schemas/blocks/AgencyInvoices.ts';

export { agencyInvoicesPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyInvoicesProps = FromSchema<
  typeof agencyInvoicesPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
