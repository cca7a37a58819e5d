export { BackofficeOverview } from './BackofficeOverview.tsx';
export { type BackofficeOverviewProps, backofficeOverviewPropsSchema } from './schema.ts';
