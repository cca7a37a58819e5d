export { AgencyRewardPlan } from './AgencyRewardPlan.tsx';
export { type AgencyRewardPlanProps, agencyRewardPlanPropsSchema } from './schema.ts';
