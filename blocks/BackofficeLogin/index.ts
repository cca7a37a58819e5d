export { BackofficeLogin } from './BackofficeLogin.tsx';
export { type BackofficeLoginProps, backofficeLoginPropsSchema } from './schema.ts';
