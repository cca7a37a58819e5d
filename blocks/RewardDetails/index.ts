export { RewardDetails } from './RewardDetails.tsx';
export { type RewardDetailsProps, rewardDetailsPropsSchema } from './schema.ts';
