export { BackofficeStaff } from './BackofficeStaff.tsx';
export { type BackofficeStaffProps, backofficeStaffPropsSchema } from './schema.ts';
