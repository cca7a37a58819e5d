export { ProfiArea } from './ProfiArea.tsx';
export { type ProfiAreaProps, profiAreaPropsSchema } from './schema.ts';
