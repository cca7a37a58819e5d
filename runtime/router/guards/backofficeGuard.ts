import { backofficeAbilityOf } from '../../../domain/backofficeSections.ts';
import { BACKOFFICE_PUBLIC, isBackofficeRoute } from '../../../schemas/routes.ts';
import type { Guard, GuardWait } from './Guard.ts';
import { redirectBackLater, redirectTo } from './guardTarget.ts';

const RESTORING: GuardWait = { wait: true, reason: 'backoffice-session-restoring' };

/**
 * Issue 15: back-office pages without a back-office session go to the back-office sign-in and come back
 * afterwards. Back-office pages are the Backoffice* routes except the sign-in, plus any page whose schema says
 * `access: "backoffice"`. A section the user's roles do not grant (domain/backofficeSections.ts) goes to
 * the back office's start page. Right after signing out, BackofficeLogout stays for its confirmation.
 */
export const backofficeGuard: Guard = (context) => {
  const { mandant, resolution, session } = context;
  const name = resolution.routeName;
  const needsBackoffice =
    (isBackofficeRoute(name) && !(BACKOFFICE_PUBLIC as readonly string[]).includes(name)) ||
    mandant.pages[name]?.access === 'backoffice';
  if (!needsBackoffice) return null;
  if (session.backoffice) {
    const ability = backofficeAbilityOf(name);
    if (ability === null || session.backoffice.includes(ability)) return null;
    return redirectTo(context, 'BackofficeHome', 'backoffice-ability-missing');
  }
  if (name === 'BackofficeLogout' && session.justLoggedOutBackoffice) return null;
  if (session.backofficeRestoring) return RESTORING;
  return redirectBackLater(context, 'BackofficeLogin', 'backoffice-login-required');
};
