export { ProfiBilling } from './ProfiBilling.tsx';
export { type ProfiBillingProps, profiBillingPropsSchema } from './schema.ts';
