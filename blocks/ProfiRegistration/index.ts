export { ProfiRegistration } from './ProfiRegistration.tsx';
export { type ProfiRegistrationProps, profiRegistrationPropsSchema } from './schema.ts';
