import type { FromSchema } from 'json-schema-to-ts';
import { rewardChoicePropsSchema } from '../../schemas/blocks/RewardChoice.ts';

export { rewardChoicePropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RewardChoiceProps = FromSchema<
  typeof rewardChoicePropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
