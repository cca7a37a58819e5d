import type { FromSchema } from 'json-schema-to-ts';
import { backofficeOverviewPropsSchema } from '../../schemas/blocks/BackofficeOverview.ts';

export { backofficeOverviewPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type BackofficeOverviewProps = FromSchema<
  typeof backofficeOverviewPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
