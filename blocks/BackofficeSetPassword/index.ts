export { BackofficeSetPassword } from './BackofficeSetPassword.tsx';
export { type BackofficeSetPasswordProps, backofficeSetPasswordPropsSchema } from './schema.ts';
