export { Dashboard } from './Dashboard.tsx';
export { type DashboardProps, dashboardPropsSchema } from './schema.ts';
