import type { RouteAccess } from '../../../server/http/routeAccess.ts';

/**
 * What each kind of caller must get from a route of each rule (issue 17). Written here from SPEC 6,
 * issue 14 and issue 15, not read from the server's tables, so a wrong rule in the code fails the test.
 */
export type AgencyRole = 'owner' | 'inactiveOwner' | 'employee';
export type BackofficeRole = 'viewer' | 'operator' | 'finance' | 'admin';

/** Every kind of credential the matrix sends. */
export type Caller =
  | 'guest'
  | 'integrationKey'
  | 'recommender'
  | 'recommenderOtherMandant'
  /** Issue 16: a recommender token whose account has an active profi_seller row (the telko demo seller). */
  | 'profi'
  | 'profiOtherMandant'
  | `agency:${AgencyRole}`
  | 'agencyOtherMandant'
  | `backoffice:${BackofficeRole}`
  | 'backofficeOtherMandant'
  | 'recipientToken'
  | 'recipientTokenOtherMandant'
  | 'rewardToken'
  | 'rewardTokenOtherMandant';

export const AGENCY_ROLES: readonly AgencyRole[] = ['owner', 'inactiveOwner', 'employee'];
export const BACKOFFICE_ROLES: readonly BackofficeRole[] = ['viewer', 'operator', 'finance', 'admin'];

export const CALLERS: readonly Caller[] = [
  'guest',
  'integrationKey',
  'recommender',
  'recommenderOtherMandant',
  'profi',
  'profiOtherMandant',
  ...AGENCY_ROLES.map((role) => `agency:${role}` as const),
  'agencyOtherMandant',
  ...BACKOFFICE_ROLES.map((role) => `backoffice:${role}` as const),
  'backofficeOtherMandant',
  'recipientToken',
  'recipientTokenOtherMandant',
  'rewardToken',
  'rewardTokenOtherMandant',
];

/** SPEC 6 as abilities (as tests/server/agencyRoleMatrix.test.ts). */
const SPEC6: Record<AgencyRole, readonly string[]> = {
  owner: [
    'employees',
    'invitations',
    'rewardPlan',
    'invoices',
    'administration',
    'orderReport',
    'recommenderReport',
    'rewards',
    'statistics',
    'masterData',
    'masterDataEdit',
    'rewardPlanAdd',
    'rewardPlanDelete',
  ],
  inactiveOwner: [
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
  ],
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
};

/** Issue 15 (as tests/server/backofficeRoleMatrix.test.ts). */
const ISSUE15: Record<BackofficeRole, readonly string[]> = {
  viewer: ['reports'],
  operator: ['reports', 'orders', 'review', 'support', 'agencies', 'profiSellers', 'profiBlock'],
  finance: ['reports', 'payouts', 'vouchers', 'profiSellers'],
  admin: ['reports', 'staff', 'apiKeys', 'webhooks', 'settings', 'audit', 'profiSellers', 'profiBlock'],
};

/**
 * Codes that refuse a caller for who it is (or is not). An allowed caller never gets one of these; what it
 * gets otherwise (200, 400 for the matrix's placeholder input, 404 for a placeholder id …) is the route's
 * own business.
 */
export const REFUSALS = [
  'PSOF0202', // another kind of user
  'PSOF0204', // invalid token, another mandant's
  'PSOF0210', // no token
  'PSOF0310', // no reward link token and no login
  'PSOF0334', // no recipient token
  'PSOF0500', // no integration key
  'PSOF0501', // unsigned integration call
  'PSOF0600', // agency role without the ability
  'PSOF0700', // back-office role without the ability
  'PSOF0940', // a recommender without a profi-seller record
];

/** `allowed`, or the exact refusal (`401 PSOF0210`; several codes as `401 PSOF0210|PSOF0310`). */
export type Expected = 'allowed' | `${number} ${string}`;

const NO_TOKEN = '401 PSOF0210';
const BAD_TOKEN = '401 PSOF0204';
const WRONG_KIND = '403 PSOF0202';

/** Tokens that no session check of this mandant accepts: other mandants', a recipient's, a reward link's. */
function foreignToken(caller: Caller): boolean {
  return (
    caller === 'recommenderOtherMandant' ||
    caller === 'profiOtherMandant' ||
    caller === 'agencyOtherMandant' ||
    caller === 'backofficeOtherMandant' ||
    caller === 'recipientToken' ||
    caller === 'recipientTokenOtherMandant' ||
    caller === 'rewardToken' ||
    caller === 'rewardTokenOtherMandant'
  );
}

/** A recommender token of this mandant: a profi-seller is a recommender with a seller record (issue 16). */
function recommenderToken(caller: Caller): boolean {
  return caller === 'recommender' || caller === 'profi';
}

/** The session hooks (authenticate, authenticateAgency, authenticateBackoffice, authenticateProfi): who gets which refusal. */
function session(caller: Caller, admits: (caller: Caller) => Expected | undefined): Expected {
  if (caller === 'guest' || caller === 'integrationKey') return NO_TOKEN;
  if (foreignToken(caller)) return BAD_TOKEN;
  return admits(caller) ?? WRONG_KIND;
}

export function expectedFor(access: RouteAccess, caller: Caller): Expected {
  switch (access.kind) {
    case 'public':
      return 'allowed';
    case 'publicOrRecommender':
      return foreignToken(caller) ? BAD_TOKEN : 'allowed';
    case 'recommender':
      return session(caller, (c) => (recommenderToken(c) ? 'allowed' : undefined));
    case 'programmeUser':
      return session(caller, (c) => (recommenderToken(c) || c.startsWith('agency:') ? 'allowed' : undefined));
    case 'agency':
      return session(caller, (c) => {
        if (!c.startsWith('agency:')) return undefined;
        const role = c.slice('agency:'.length) as AgencyRole;
        return access.ability === 'any' || SPEC6[role].includes(access.ability) ? 'allowed' : '403 PSOF0600';
      });
    case 'backoffice':
      return session(caller, (c) => {
        if (!c.startsWith('backoffice:')) return undefined;
        const role = c.slice('backoffice:'.length) as BackofficeRole;
        return access.ability === 'any' || ISSUE15[role].includes(access.ability)
          ? 'allowed'
          : '403 PSOF0700';
      });
    case 'agencyTokenCheck':
      // The token is the query's `t`; nothing but an agency token of this mandant passes.
      return caller.startsWith('agency:') ? 'allowed' : BAD_TOKEN;
    case 'recipient':
      return caller === 'recipientToken' ? 'allowed' : '403 PSOF0334';
    case 'reward':
      if (recommenderToken(caller) || caller === 'rewardToken') return 'allowed';
      if (caller === 'guest' || caller === 'integrationKey') return '401 PSOF0210|PSOF0310';
      // Another mandant's reward link is no reward link here.
      if (caller === 'rewardTokenOtherMandant') return '401 PSOF0401';
      if (foreignToken(caller)) return BAD_TOKEN;
      return WRONG_KIND;
    case 'integration':
      return caller === 'integrationKey' ? 'allowed' : '401 PSOF0500';
    case 'devOnly':
      // Sent from another machine: refused whoever it is.
      return '404 PSOF0011';
    case 'profi':
      // Issue 16: a recommender token of the mandant whose account is an active seller; a recommender
      // without a seller record 403 PSOF0940; every other kind the session's refusal.
      return session(caller, (c) => {
        if (c === 'profi') return 'allowed';
        return c === 'recommender' ? '403 PSOF0940' : undefined;
      });
    case 'undeclared':
      throw new Error('a route without a declared access rule');
  }
}

/** Whether an answer meets the expectation. */
export function meets(expected: Expected, status: number, code: string | undefined): boolean {
  if (expected === 'allowed') return status < 500 && !(code && REFUSALS.includes(code));
  const [expectedStatus, codes = ''] = expected.split(' ');
  return String(status) === expectedStatus && codes.split('|').includes(code ?? '');
}
