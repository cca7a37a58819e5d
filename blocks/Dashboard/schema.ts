import type { FromSchema } from 'json-schema-to-ts';
import { dashboardPropsSchema } from '../../schemas/blocks/Dashboard.ts';

export { dashboardPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type DashboardProps = FromSchema<
  typeof dashboardPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
