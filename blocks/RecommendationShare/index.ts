export { RecommendationShare } from './RecommendationShare.tsx';
export { type RecommendationShareProps, recommendationSharePropsSchema } from './schema.ts';
