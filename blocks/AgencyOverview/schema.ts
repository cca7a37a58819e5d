import type { FromSchema } from 'json-schema-to-ts';
import { agencyOverviewPropsSchema } from '../../schemas/blocks/AgencyOverview.ts';

export { agencyOverviewPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyOverviewProps = FromSchema<
  typeof agencyOverviewPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
