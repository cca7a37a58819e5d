export { KeyVisual } from './KeyVisual.tsx';
export { type KeyVisualProps, keyVisualPropsSchema } from './schema.ts';
