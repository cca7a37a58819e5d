/**
 * The route names the runtime knows (SPEC section 2), with their German component names.
 * A mandant maps route names to paths (`routes` in mandant.json); additional routes (Route, RouteName)
 * map further paths to these names.
 */
export const ROUTE_NAMES = [
  'Homepage',
  'Thanks',
  'Dashboard',
  'Settings',
  'Login',
  'Admin',
  'Logout',
  'Code',
  'ForgotPassword',
  'ChangePassword',
  'SetPassword',
  'Registration',
  'CompleteRegistration',
  'Recommendation',
  'AgentRecommendations',
  'Confirmation',
  'RecommendationShare',
  'RecipientConfirmation',
  'ExpiredRecommendation',
  'RecipientData',
  'RecipientTOSConsent',
  'RecipientConsent',
  'BankDetails',
  'BankDetailsRecipient',
  'BankDetailsRecommender',
  'Reward',
  'RewardDetails',
  'RewardThanks',
  'RewardOverview',
  'Click',
  'CustomerNumber',
  'NewsletterOptout',
  'NewsletterOptin',
  'RecommendEmployee',
  'Imprint',
  'Privacy',
  'TOS',
  'Faq',
  'Contact',
  'Accessibility',
  'ParticipationTerms',
  'FileNotFound',
  'PrePage',
  'ProductCategory',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && (ROUTE_NAMES as readonly string[]).includes(value);
}

/** Route names whose path SPEC fixes (section 2). */
export const FIXED_PATHS = {
  Code: '/code',
  NewsletterOptout: '/empfehler/newsletter/optout',
  NewsletterOptin: '/empfehler/newsletter/optin',
} as const satisfies Partial<Record<RouteName, string>>;
