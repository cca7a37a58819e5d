export { Contact } from './Contact.tsx';
export { type ContactProps, contactPropsSchema } from './schema.ts';
