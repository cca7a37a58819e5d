export { ExpiredRecommendation } from './ExpiredRecommendation.tsx';
export { type ExpiredRecommendationProps, expiredRecommendationPropsSchema } from './schema.ts';
