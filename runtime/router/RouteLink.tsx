import { useEffect } from 'react';
import { Link, type LinkProps } from './navigation/index.ts';
import type { RouteParams } from './routeTable.ts';
import { useRouteHref } from './useRouteHref.ts';

export type RouteLinkProps = Omit<LinkProps, 'to'> & {
  /** Route name (SPEC section 2), not a path: paths differ per mandant. */
  to: string;
  params?: RouteParams;
  /** Extra query of the target; the widget parameter is added automatically. */
  search?: string;
};

/**
 * A link to a route by name, in the current language, carrying the `?widget=` parameter. A route the
 * mandant does not have renders nothing (a button to nowhere is worse than none) and logs a warning.
 */
export function RouteLink({ to, params, search, children, ...rest }: RouteLinkProps) {
  const href = useRouteHref(to, params, search);
  useEffect(() => {
    if (href === null)
      console.warn(`RouteLink: the mandant has no route "${to}" (or a parameter is missing)`);
  }, [href, to]);
  if (href === null) return null;
  return (
    <Link to={href} {...rest}>
      {children}
    </Link>
  );
}
