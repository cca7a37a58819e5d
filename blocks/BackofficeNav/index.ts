export { BackofficeNav } from './BackofficeNav.tsx';
export { type BackofficeNavProps, backofficeNavPropsSchema } from './schema.ts';
