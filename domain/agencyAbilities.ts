import type { AgencyRole } from '../schemas/account.ts';

/**
 * SPEC section 6, agency roles, as abilities: what each role may do in the agency area. The server checks
 * an ability on every `agentur/*` and `Einladung` call (server/agency/agencyAuthPlugin.ts); the runtime
 * shows exactly the navigation entries whose ability the user has. One table, used by both.
 */
export const AGENCY_ABILITIES = [
  /** See and manage the agency's staff (invite, deactivate, reactivate). */
  'employees',
  /** The invitation tool: invite customers, invitations, recommenders, leads, status and order release. */
  'invitations',
  /** See the reward plan (what each product earns the agency). */
  'rewardPlan',
  /** Add a product to the reward plan. */
  'rewardPlanAdd',
  /** Delete an entry of the reward plan. */
  'rewardPlanDelete',
  /** The agency's monthly commission invoices. */
  'invoices',
  /** The agency's own settings: agency variables, its staff's passwords. */
  'administration',
  'orderReport',
  'recommenderReport',
  /** The rewards earned through the agency's recommenders. */
  'rewards',
  'statistics',
  /** See the agency's master data; changing it needs `masterDataEdit`. */
  'masterData',
  /** Change the master data (company, contacts, bank account). */
  'masterDataEdit',
] as const;
export type AgencyAbility = (typeof AGENCY_ABILITIES)[number];

const INACTIVE_OWNER: readonly AgencyAbility[] = [
  'invoices',
  'administration',
  'orderReport',
  'recommenderReport',
  'rewards',
  'rewardPlan',
  'statistics',
  'masterData',
  'masterDataEdit',
  'rewardPlanAdd',
  'rewardPlanDelete',
];

/**
 * SPEC 6 word for word: the owner has employees, invitation tool and reward plan plus everything the
 * inactive owner has; the employee has invitation tool, administration, order report, recommender report,
 * rewards, reward plan, statistics report and master data (seeing it, not changing it). The default
 * placeholder role grants the minimal abilities: none beyond being logged in.
 */
const ROLE_ABILITIES: Readonly<Record<AgencyRole, readonly AgencyAbility[]>> = {
  owner: [...INACTIVE_OWNER, 'employees', 'invitations'],
  inactiveOwner: INACTIVE_OWNER,
  employee: [
    'invitations',
    'administration',
    'orderReport',
    'recommenderReport',
    'rewards',
    'rewardPlan',
    'statistics',
    'masterData',
  ],
  placeholder: [],
};

/** Every ability of a user with these roles (the union over the roles), in AGENCY_ABILITIES' order. */
export function abilitiesOf(roles: readonly AgencyRole[]): AgencyAbility[] {
  const granted = new Set(roles.flatMap((role) => ROLE_ABILITIES[role] ?? []));
  return AGENCY_ABILITIES.filter((ability) => granted.has(ability));
}

export function hasAbility(roles: readonly AgencyRole[], ability: AgencyAbility): boolean {
  return roles.some((role) => ROLE_ABILITIES[role]?.includes(ability));
}
