export { CategoryLink, type CategoryLinkProps } from './CategoryLink.tsx';
export {
  breadcrumbTrail,
  type Crumb,
  findCategory,
  isDevicePage,
  isOffer,
  PRODUCT_DATA_LANGUAGE,
  type RewardLabel,
  rewardLabel,
  selectionTarget,
  type Tariff,
  tariffsOf,
} from './categoryView.ts';
export {
  useAgentSearch,
  useManufacturers,
  useProductApiBase,
  useProductCategories,
  useProducts,
  useProductsById,
} from './productHooks.ts';
export type { ProductQuery, QueryResult } from './productQuery.ts';
export { categoryImageUrl, productImageUrl } from './productUrls.ts';
export { useCategoryPath } from './useCategoryPath.ts';
export { useDocumentTitle } from './useDocumentTitle.ts';
