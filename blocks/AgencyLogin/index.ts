export { AgencyLogin } from './AgencyLogin.tsx';
export { type AgencyLoginProps, agencyLoginPropsSchema } from './schema.ts';
