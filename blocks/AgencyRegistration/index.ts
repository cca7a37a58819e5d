export { AgencyRegistration } from './AgencyRegistration.tsx';
export { type AgencyRegistrationProps, agencyRegistrationPropsSchema } from './schema.ts';
