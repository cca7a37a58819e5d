import { AGENCY_PUBLIC, isAgencyRoute } from '../../../schemas/routes.ts';
import type { Guard } from './Guard.ts';
import { requireLogin } from './guardTarget.ts';

/**
 * SPEC 2: "Agency pages without an agency login go to the agency login." Agency pages are the Agency*
 * routes except the public ones (registration, login, information), plus any page whose schema says
 * `access: "agency"`.
 */
export const agencyGuard: Guard = (context) => {
  const { mandant, resolution, session } = context;
  const name = resolution.routeName;
  const needsAgency =
    (isAgencyRoute(name) && !(AGENCY_PUBLIC as readonly string[]).includes(name)) ||
    mandant.pages[name]?.access === 'agency';
  if (!needsAgency || session.agency) return null;
  // Right after the agency user logged out on this visit, the AgencyLogout page stays for its confirmation.
  if (name === 'AgencyLogout' && session.justLoggedOutAgency) return null;
  return requireLogin(context, 'AgencyLogin', 'agency-login-required');
};
