export { RecipientConsent } from './RecipientConsent.tsx';
export { type RecipientConsentProps, recipientConsentPropsSchema } from './schema.ts';
