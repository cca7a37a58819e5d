export { ProfiOrders } from './ProfiOrders.tsx';
export { type ProfiOrdersProps, profiOrdersPropsSchema } from './schema.ts';
