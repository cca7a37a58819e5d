import { FORCED_LOGIN_EXCEPTIONS, isAgencyRoute, isBackofficeRoute } from '../../../schemas/routes.ts';
import { hasRoute } from '../routeTable.ts';
import type { Guard } from './Guard.ts';
import { requireLogin } from './guardTarget.ts';

/**
 * SPEC 2: "If the forced-login module is on and the user is not logged in, all pages except an exception
 * list go to login, or to a client-specific pre-page." Beside SPEC's list a guest may also open the
 * mandant's pre-page (whatever its route name), the admin login (it is a way to log in), the agency
 * area and the back office (each has its own sign-in).
 */
export const forcedLoginGuard: Guard = (context) => {
  const { mandant, resolution, session, table } = context;
  if (!mandant.ModuleErzwingeLogin || session.user) return null;
  const name = resolution.routeName;
  const prePage = mandant.ForcedLoginPrePage;
  const allowed =
    (FORCED_LOGIN_EXCEPTIONS as readonly string[]).includes(name) ||
    name === prePage ||
    name === 'Admin' ||
    isAgencyRoute(name) ||
    isBackofficeRoute(name) ||
    mandant.pages[name]?.access === 'backoffice';
  if (allowed) return null;
  return requireLogin(context, prePage && hasRoute(table, prePage) ? prePage : 'Login', 'forced-login');
};
