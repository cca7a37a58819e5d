export { BackofficePayouts } from './BackofficePayouts.tsx';
export { type BackofficePayoutsProps, backofficePayoutsPropsSchema } from './schema.ts';
