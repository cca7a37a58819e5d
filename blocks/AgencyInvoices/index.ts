export { AgencyInvoices } from './AgencyInvoices.tsx';
export { type AgencyInvoicesProps, agencyInvoicesPropsSchema } from './schema.ts';
