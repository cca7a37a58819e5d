export { CustomerNumber } from './CustomerNumber.tsx';
export { type CustomerNumberProps, customerNumberPropsSchema } from './schema.ts';
