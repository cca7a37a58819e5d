export { BankDetails } from './BankDetails.tsx';
export { type BankDetailsProps, bankDetailsPropsSchema } from './schema.ts';
