import type { FromSchema } from 'json-schema-to-ts';
import { agencyRewardPlanPropsSchema } from '../../schemas/blocks/AgencyRewardPlan.ts';

export { agencyRewardPlanPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type AgencyRewardPlanProps = FromSchema<
  typeof agencyRewardPlanPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
