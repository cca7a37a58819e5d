export { AgencyOverview } from './AgencyOverview.tsx';
export { type AgencyOverviewProps, agencyOverviewPropsSchema } from './schema.ts';
