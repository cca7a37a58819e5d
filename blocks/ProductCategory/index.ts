export { ProductCategory } from './ProductCategory.tsx';
export { type ProductCategoryProps, productCategoryPropsSchema } from './schema.ts';
