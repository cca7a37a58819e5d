export { Steps } from './Steps.tsx';
export { type StepsProps, stepsPropsSchema } from './schema.ts';
