export { type ThanksStepsProps, thanksStepsPropsSchema } from './schema.ts';
export { ThanksSteps } from './ThanksSteps.tsx';
