export { Confirmation } from './Confirmation.tsx';
export { type ConfirmationProps, confirmationPropsSchema } from './schema.ts';
