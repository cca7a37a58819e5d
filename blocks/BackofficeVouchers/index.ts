export { BackofficeVouchers } from './BackofficeVouchers.tsx';
export { type BackofficeVouchersProps, backofficeVouchersPropsSchema } from './schema.ts';
