import { AUTOLOGIN_DISABLED } from '../../../schemas/routes.ts';
import { HOME_ROUTE } from '../resolveLocation.ts';
import type { Guard } from './Guard.ts';
import { redirectTo } from './guardTarget.ts';

/**
 * SPEC 2: Settings and Login are "disabled with autologin" (IsAutologin) and go home. With forced login a
 * guest keeps the login page: home would send them straight back to it.
 */
export const autologinGuard: Guard = (context) => {
  const { mandant, resolution, session } = context;
  if (!mandant.IsAutologin || !(AUTOLOGIN_DISABLED as readonly string[]).includes(resolution.routeName))
    return null;
  if (resolution.routeName === 'Login' && mandant.ModuleErzwingeLogin && !session.user) return null;
  return redirectTo(context, HOME_ROUTE, 'autologin-disabled');
};
