import type { FromSchema } from 'json-schema-to-ts';
import { backofficeIntegrationPropsSchema } from '../../schemas/blocks/BackofficeIntegration.ts';

export { backofficeIntegrationPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeIntegrationProps = FromSchema<
  typeof backofficeIntegrationPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
