export { BackofficeLogout } from './BackofficeLogout.tsx';
export { type BackofficeLogoutProps, backofficeLogoutPropsSchema } from './schema.ts';
