import {
  breadcrumbTrail,
  CategoryLink,
  PRODUCT_DATA_LANGUAGE,
  RouteLink,
  useT,
} from '../../runtime/index.ts';
import type { Produktkategorie } from '../../schemas/products.ts';
import styles from './ProductCategory.module.css';

export interface CategoryBreadcrumbProps {
  categories: readonly Produktkategorie[];
  category: Produktkategorie;
}

/** Home › … › this category, as a labelled navigation landmark with the current page marked. */
export function CategoryBreadcrumb({ categories, category }: CategoryBreadcrumbProps) {
  const t = useT();
  const trail = breadcrumbTrail(categories, category);
  return (
    <nav aria-label={t('products.breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        <li>
          <RouteLink to="Homepage">{t('products.breadcrumb.home')}</RouteLink>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.label} lang={PRODUCT_DATA_LANGUAGE}>
              {last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : crumb.pfad ? (
                <CategoryLink category={crumb.pfad}>{crumb.label}</CategoryLink>
              ) : (
                crumb.label
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
