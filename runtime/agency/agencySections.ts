import type { AgencyAbility } from '../../domain/agencyAbilities.ts';
import type { RouteName } from '../../schemas/routes.ts';

/** One section of the agency area: its route and the ability a user needs to use it. */
export interface AgencySection {
  route: RouteName;
  ability: AgencyAbility;
  /** i18n key of the section's name (navigation, overview links). */
  label: string;
}

/**
 * SPEC 2, the agency area's navigation, in its order: order report, invitation tool, recommender report,
 * employees, rewards, reward plan, invoices, master data, statistics. Each entry shows only to a user with
 * its ability (domain/agencyAbilities.ts); the server checks the same ability on the section's calls.
 */
export const AGENCY_SECTIONS: readonly AgencySection[] = [
  { route: 'AgencyOrders', ability: 'orderReport', label: 'agencyArea.nav.AgencyOrders' },
  { route: 'AgencyInvitationTool', ability: 'invitations', label: 'agencyArea.nav.AgencyInvitationTool' },
  { route: 'AgencyRecommenders', ability: 'recommenderReport', label: 'agencyArea.nav.AgencyRecommenders' },
  { route: 'AgencyEmployees', ability: 'employees', label: 'agencyArea.nav.AgencyEmployees' },
  { route: 'AgencyRewards', ability: 'rewards', label: 'agencyArea.nav.AgencyRewards' },
  { route: 'AgencyRewardPlan', ability: 'rewardPlan', label: 'agencyArea.nav.AgencyRewardPlan' },
  { route: 'AgencyInvoices', ability: 'invoices', label: 'agencyArea.nav.AgencyInvoices' },
  { route: 'AgencyMasterData', ability: 'masterData', label: 'agencyArea.nav.AgencyMasterData' },
  { route: 'AgencyStatistics', ability: 'statistics', label: 'agencyArea.nav.AgencyStatistics' },
];

/** The sections a user with these abilities may use, in the navigation's order. */
export function agencySectionsFor(abilities: readonly AgencyAbility[]): AgencySection[] {
  return AGENCY_SECTIONS.filter((section) => abilities.includes(section.ability));
}
