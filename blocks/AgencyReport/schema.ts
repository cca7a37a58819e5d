import type { FromSchema } from 'json-schema-to-ts';
import { agencyReportPropsSchema } from '../../schemas/blocks/AgencyReport.ts';

export { agencyReportPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyReportProps = FromSchema<
  typeof agencyReportPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
