import type { FromSchema } from 'json-schema-to-ts';
import { rewardThanksPropsSchema } from '../../schemas/blocks/RewardThanks.ts';

export { rewardThanksPropsSchema };

/** Typed from the props schema the server validates page schemas against; never written twice. */
export type RewardThanksProps = FromSchema<
  typeof rewardThanksPropsSchema,
  { keepDefaultedPropertiesOptional: true }
>;
