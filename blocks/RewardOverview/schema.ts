import type { FromSchema } from 'json-schema-to-ts';
import { rewardOverviewPropsSchema } from '../../schemas/blocks/RewardOverview.ts';

export { rewardOverviewPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RewardOverviewProps = FromSchema<
  typeof rewardOverviewPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
