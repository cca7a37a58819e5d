export { BackofficeOrder } from './BackofficeOrder.tsx';
export { type BackofficeOrderProps, backofficeOrderPropsSchema } from './schema.ts';
