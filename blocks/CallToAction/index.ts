export { CallToAction } from './CallToAction.tsx';
export { type CallToActionProps, callToActionPropsSchema } from './schema.ts';
