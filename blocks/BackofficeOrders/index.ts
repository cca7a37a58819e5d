export { BackofficeOrders } from './BackofficeOrders.tsx';
export { type BackofficeOrdersProps, backofficeOrdersPropsSchema } from './schema.ts';
