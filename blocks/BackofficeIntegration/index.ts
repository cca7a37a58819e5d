export { BackofficeIntegration } from './BackofficeIntegration.tsx';
export { type BackofficeIntegrationProps, backofficeIntegrationPropsSchema } from './schema.ts';
