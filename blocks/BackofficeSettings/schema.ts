import type { FromSchema } from 'json-schema-to-ts';
import { backofficeSettingsPropsSchema } from '../../schemas/blocks/BackofficeSettings.ts';

export { backofficeSettingsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeSettingsProps = FromSchema<
  typeof backofficeSettingsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
