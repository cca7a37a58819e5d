export { BackofficeAgencies } from './BackofficeAgencies.tsx';
export { type BackofficeAgenciesProps, backofficeAgenciesPropsSchema } from './schema.ts';
