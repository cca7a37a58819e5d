export { RecipientBankDetails } from './RecipientBankDetails.tsx';
export { type RecipientBankDetailsProps, recipientBankDetailsPropsSchema } from './schema.ts';
