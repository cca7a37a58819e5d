import { buildHref } from '../buildHref.ts';
import { HOME_ROUTE } from '../resolveLocation.ts';
import type { RouteParams } from '../routeTable.ts';
import type { GuardContext, GuardDecision, GuardRedirect, GuardWait } from './Guard.ts';
import { loginRedirectSearch } from './loginRedirect.ts';

/**
 * A redirect to a route of the mandant, in the current language, keeping the widget parameter (SPEC 2).
 * A mandant without that route sends the visitor home rather than to nowhere.
 */
export function redirectTo(
  context: GuardContext,
  name: string,
  reason: string,
  search?: string,
): GuardRedirect {
  const { table, resolution, location } = context;
  const target = { locale: resolution.locale, currentSearch: location.search, ...(search ? { search } : {}) };
  const to =
    buildHref(table, { ...target, name }) ??
    buildHref(table, { ...target, name: HOME_ROUTE }) ??
    `/${resolution.locale}/`;
  return { to, reason };
}

/** A redirect that remembers the current page (route name and params) to come back after login. */
export function redirectBackLater(context: GuardContext, name: string, reason: string): GuardRedirect {
  const { routeName, params }: { routeName: string; params: RouteParams } = context.resolution;
  return redirectTo(context, name, reason, loginRedirectSearch({ name: routeName, params }));
}

/** While a stored token is checked nobody knows yet who is logged in (SPEC 4 restore at boot). */
const RESTORING: GuardWait = { wait: true, reason: 'session-restoring' };

/**
 * A page needs a login the session lacks: wait while the session is being restored, else go to the
 * login page `target` and come back afterwards.
 */
export function requireLogin(context: GuardContext, target: string, reason: string): GuardDecision {
  return context.session.restoring ? RESTORING : redirectBackLater(context, target, reason);
}
