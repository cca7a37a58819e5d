export { AgencyReport } from './AgencyReport.tsx';
export { type AgencyReportProps, agencyReportPropsSchema } from './schema.ts';
