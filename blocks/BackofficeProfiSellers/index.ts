export { BackofficeProfiSellers } from './BackofficeProfiSellers.tsx';
export { type BackofficeProfiSellersProps, backofficeProfiSellersPropsSchema } from './schema.ts';
