export { ProductOverview } from './ProductOverview.tsx';
export { type ProductOverviewProps, productOverviewPropsSchema } from './schema.ts';
