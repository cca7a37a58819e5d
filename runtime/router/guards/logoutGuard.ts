import type { Guard } from './Guard.ts';
import { redirectTo } from './guardTarget.ts';

/**
 * SPEC 2: "Logout when not logged in goes to /login." Right after logging out on this visit the page
 * stays, to show its confirmation.
 */
export const logoutGuard: Guard = (context) => {
  const { resolution, session } = context;
  if (resolution.routeName !== 'Logout' || session.user || session.justLoggedOut) return null;
  return session.restoring
    ? { wait: true, reason: 'session-restoring' }
    : redirectTo(context, 'Login', 'logout-not-logged-in');
};
