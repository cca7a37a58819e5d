export { BackofficeReview } from './BackofficeReview.tsx';
export { type BackofficeReviewProps, backofficeReviewPropsSchema } from './schema.ts';
