export { BackofficeSettings } from './BackofficeSettings.tsx';
export { type BackofficeSettingsProps, backofficeSettingsPropsSchema } from './schema.ts';
