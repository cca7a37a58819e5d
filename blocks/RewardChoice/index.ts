export { RewardChoice } from './RewardChoice.tsx';
export { type RewardChoiceProps, rewardChoicePropsSchema } from './schema.ts';
