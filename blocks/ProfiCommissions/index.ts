export { ProfiCommissions } from './ProfiCommissions.tsx';
export { type ProfiCommissionsProps, profiCommissionsPropsSchema } from './schema.ts';
