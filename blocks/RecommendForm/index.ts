export { RecommendForm } from './RecommendForm.tsx';
export { type RecommendFormProps, recommendFormPropsSchema } from './schema.ts';
