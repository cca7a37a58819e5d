export { ProfiOverview } from './ProfiOverview.tsx';
export { type ProfiOverviewProps, profiOverviewPropsSchema } from './schema.ts';
