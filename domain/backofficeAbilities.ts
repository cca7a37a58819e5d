/**
 * The back office's roles (issue 15) as abilities: what the client's programme team may do. The server
 * checks an ability on every `backoffice/*` route (server/backoffice/backofficeAuthPlugin.ts); the runtime
 * shows exactly the sections and buttons whose ability the user has. One table, used by both.
 */
export const BACKOFFICE_ROLES = ['viewer', 'operator', 'finance', 'admin'] as const;
export type BackofficeRole = (typeof BACKOFFICE_ROLES)[number];

export const BACKOFFICE_ABILITIES = [
  /** Read: programme figures, the order and recommendation search with timelines, payout runs, stock. */
  'reports',
  /** Confirm or cancel an order with a reason, reassign a mis-attributed order. */
  'orders',
  /** The review queue of fraud-flagged orders: approve or reject with a note. */
  'review',
  /** Support: find a recommender, admin token login, resend mails, export and erase (GDPR). */
  'support',
  /** Activate or reject agencies that registered themselves. */
  'agencies',
  /** Payout runs: create, download the SEPA file, mark executed. */
  'payouts',
  /** Voucher pools: import codes, stock levels. */
  'vouchers',
  /** Back-office staff and their roles. */
  'staff',
  /** Integration API keys: create, rotate, revoke. */
  'apiKeys',
  /** Webhook endpoints, their delivery log and replay. */
  'webhooks',
  /** Settings without a deploy: rewards, campaigns, channel ranks as versioned overrides. */
  'settings',
  /** Read, filter and export the audit log. */
  'audit',
  /** Profi-sellers (issue 16): the list, a seller's data, commission sums and credit notes. */
  'profiSellers',
  /** Block and unblock a profi-seller. */
  'profiBlock',
] as const;
export type BackofficeAbility = (typeof BACKOFFICE_ABILITIES)[number];

/**
 * Issue 15: viewer (reports only), operator (orders, review, support), finance (payout runs, vouchers),
 * admin (staff, API keys, webhooks, settings). Every role reads the reports; the audit log is the admin's.
 * Roles add up: a user may hold several.
 */
const ROLE_ABILITIES: Readonly<Record<BackofficeRole, readonly BackofficeAbility[]>> = {
  viewer: ['reports'],
  operator: ['reports', 'orders', 'review', 'support', 'agencies', 'profiSellers', 'profiBlock'],
  finance: ['reports', 'payouts', 'vouchers', 'profiSellers'],
  admin: ['reports', 'staff', 'apiKeys', 'webhooks', 'settings', 'audit', 'profiSellers', 'profiBlock'],
};

/** Every ability of a user with these roles (the union), in BACKOFFICE_ABILITIES' order. */
export function backofficeAbilitiesOf(roles: readonly BackofficeRole[]): BackofficeAbility[] {
  const granted = new Set(roles.flatMap((role) => ROLE_ABILITIES[role] ?? []));
  return BACKOFFICE_ABILITIES.filter((ability) => granted.has(ability));
}

export function backofficeRolesWith(ability: BackofficeAbility): BackofficeRole[] {
  return BACKOFFICE_ROLES.filter((role) => ROLE_ABILITIES[role].includes(ability));
}

export function isBackofficeRole(value: unknown): value is BackofficeRole {
  return typeof value === 'string' && (BACKOFFICE_ROLES as readonly string[]).includes(value);
}
