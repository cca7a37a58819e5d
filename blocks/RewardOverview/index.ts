export { RewardOverview } from './RewardOverview.tsx';
export { type RewardOverviewProps, rewardOverviewPropsSchema } from './schema.ts';
