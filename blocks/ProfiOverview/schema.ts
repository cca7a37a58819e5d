import type { FromSchema } from 'json-schema-to-ts';
import { profiOverviewPropsSchema } from '../../schemas/blocks/ProfiOverview.ts';

export { profiOverviewPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type ProfiOverviewProps = FromSchema<
  typeof profiOverviewPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
