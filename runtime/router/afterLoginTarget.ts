import { type LoginRedirect, readLoginRedirect } from './guards/loginRedirect.ts';
import { HOME_ROUTE } from './resolveLocation.ts';
import { hasRoute, type RouteTable } from './routeTable.ts';

/** Pages that make no sense to return to after logging in: they would log in or out again. */
const NOT_AFTER_LOGIN = [
  'Login',
  'Admin',
  'Logout',
  'AgencyLogin',
  'AgencyLogout',
  'BackofficeLogin',
  'BackofficeLogout',
];

/**
 * Where a login leads (SPEC 2: "back there after login"): the page named in the redirect query, else
 * `fallback` (the personal area), else home.
 */
export function afterLoginTarget(search: string, table: RouteTable, fallback: string): LoginRedirect {
  const wanted = readLoginRedirect(search);
  if (wanted && !NOT_AFTER_LOGIN.includes(wanted.name) && hasRoute(table, wanted.name)) return wanted;
  return { name: hasRoute(table, fallback) ? fallback : HOME_ROUTE, params: {} };
}
