export { AgencyStatistics } from './AgencyStatistics.tsx';
export { type AgencyStatisticsProps, agencyStatisticsPropsSchema } from './schema.ts';
