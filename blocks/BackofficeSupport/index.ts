export { BackofficeSupport } from './BackofficeSupport.tsx';
export { type BackofficeSupportProps, backofficeSupportPropsSchema } from './schema.ts';
