export { AgencyNav } from './AgencyNav.tsx';
export { type AgencyNavProps, agencyNavPropsSchema } from './schema.ts';
