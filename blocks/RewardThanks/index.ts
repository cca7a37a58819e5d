export { RewardThanks } from './RewardThanks.tsx';
export { type RewardThanksProps, rewardThanksPropsSchema } from './schema.ts';
