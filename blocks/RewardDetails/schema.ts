import type { FromSchema } from 'json-schema-to-ts';
import { rewardDetailsPropsSchema } from '../../schemas/blocks/RewardDetails.ts';

export { rewardDetailsPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RewardDetailsProps = FromSchema<
  typeof rewardDetailsPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
