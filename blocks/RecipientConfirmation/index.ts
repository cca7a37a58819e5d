export { RecipientConfirmation } from './RecipientConfirmation.tsx';
export { type RecipientConfirmationProps, recipientConfirmationPropsSchema } from './schema.ts';
