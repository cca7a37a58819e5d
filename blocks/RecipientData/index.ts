export { RecipientData } from './RecipientData.tsx';
export { type RecipientDataProps, recipientDataPropsSchema } from './schema.ts';
