import { localePath } from '../router/localePath.ts';
import { Link, type LinkProps, useLocation } from '../router/navigation/index.ts';
import { carryWidget } from '../router/widget.ts';
import { useLanguage } from '../state/hooks.ts';

export type CategoryLinkProps = Omit<LinkProps, 'to'> & {
  /** The category's Pfad, e.g. 'internet/hybrid' (every category is a route of its own path). */
  category: string;
  /** Query of the target, e.g. `tarifId=302`; the widget parameter is added. */
  search?: string;
};

/**
 * A link to a product category page, in the current language, keeping `?widget=`. Category pages share
 * one route name (ProductCategory), so they are linked by path rather than with RouteLink.
 */
export function CategoryLink({ category, search, children, ...rest }: CategoryLinkProps) {
  const locale = useLanguage();
  const { search: currentSearch } = useLocation();
  return (
    <Link to={`${localePath(locale, `/${category}`)}${carryWidget(currentSearch, search)}`} {...rest}>
      {children}
    </Link>
  );
}
