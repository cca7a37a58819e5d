export { NewsletterConfirm } from './NewsletterConfirm.tsx';
export { type NewsletterConfirmProps, newsletterConfirmPropsSchema } from './schema.ts';
