export { ProfiNav } from './ProfiNav.tsx';
export { type ProfiNavProps, profiNavPropsSchema } from './schema.ts';
