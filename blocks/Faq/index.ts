export { Faq } from './Faq.tsx';
export { type FaqProps, faqPropsSchema } from './schema.ts';
