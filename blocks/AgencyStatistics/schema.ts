import type { FromSchema } from 'json-schema-to-ts';
import { agencyStatisticsPropsSchema } from '../../schemas/blocks/AgencyStatistics.ts';

export { agencyStatisticsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyStatisticsProps = FromSchema<
  typeof agencyStatisticsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
