import { LOGIN_REQUIRED } from '../../../schemas/routes.ts';
import type { Guard } from './Guard.ts';
import { requireLogin } from './guardTarget.ts';

/**
 * SPEC 2: "Pages needing login redirect to login with a redirect query (route name and params)." Those
 * are Dashboard and Settings (SPEC's list; Logout has its own rule, logoutGuard) and any page whose
 * schema says `access: "user"`.
 */
export const loginRequiredGuard: Guard = (context) => {
  const { mandant, resolution, session } = context;
  const name = resolution.routeName;
  if (name === 'Logout') return null;
  const needsLogin =
    (LOGIN_REQUIRED as readonly string[]).includes(name) || mandant.pages[name]?.access === 'user';
  if (!needsLogin || session.user) return null;
  return requireLogin(context, 'Login', 'login-required');
};
