export { BackofficeSsoCallback } from './BackofficeSsoCallback.tsx';
export { type BackofficeSsoCallbackProps, backofficeSsoCallbackPropsSchema } from './schema.ts';
