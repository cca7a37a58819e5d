import type { RouteName } from '../schemas/routes.ts';
import type { BackofficeAbility } from './backofficeAbilities.ts';

/** One section of the back office: its route and the ability a user needs to open it (null: every user). */
export interface BackofficeSection {
  route: RouteName;
  ability: BackofficeAbility | null;
  /** i18n key of the section's name (navigation, overview cards). */
  label: string;
  /** i18n key of a one-line description (overview cards). */
  description: string;
}

const section = (route: RouteName, ability: BackofficeAbility | null): BackofficeSection => ({
  route,
  ability,
  label: `backoffice.nav.${route}`,
  description: `backoffice.overview.${route}`,
});

/**
 * The back office's sections (issue 15) in the navigation's order. The runtime shows a section to a user with
 * its ability (domain/backofficeAbilities.ts) whose mandant has its route; the guard sends a user without
 * the ability back to the start page; the server checks the same ability on the section's calls.
 */
export const BACKOFFICE_SECTIONS: readonly BackofficeSection[] = [
  section('BackofficeHome', null),
  section('BackofficeFigures', 'reports'),
  section('BackofficeOrders', 'reports'),
  section('BackofficeReview', 'review'),
  section('BackofficeSupport', 'support'),
  section('BackofficeAgencies', 'agencies'),
  section('BackofficeProfiSellers', 'profiSellers'),
  section('BackofficePayouts', 'reports'),
  section('BackofficeVouchers', 'vouchers'),
  section('BackofficeSettings', 'settings'),
  section('BackofficeIntegration', 'apiKeys'),
  section('BackofficeStaff', 'staff'),
  section('BackofficeAudit', 'audit'),
];

/** The ability a back-office route needs: null for every signed-in user (and for routes of no section). */
export function backofficeAbilityOf(route: string): BackofficeAbility | null {
  return BACKOFFICE_SECTIONS.find((entry) => entry.route === route)?.ability ?? null;
}

/**
 * The sections a user with these abilities may open, in the navigation's order; `hasRoute` leaves out the
 * sections the mandant has no route for (features arrive one by one).
 */
export function backofficeSectionsFor(
  abilities: readonly string[],
  hasRoute: (route: RouteName) => boolean = () => true,
): BackofficeSection[] {
  return BACKOFFICE_SECTIONS.filter(
    (entry) => (entry.ability === null || abilities.includes(entry.ability)) && hasRoute(entry.route),
  );
}
