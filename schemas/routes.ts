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
  // agency area (SPEC section 2, agency pages)
  'AgencyRegister',
  'AgencyRegisterData',
  'AgencySetPassword',
  'AgencyForgotPassword',
  'AgencyResetPassword',
  'AgencyChangePassword',
  'AgencyLogin',
  'AgencyLogout',
  'AgencyConfirm',
  'AgencyHome',
  'AgencyRules',
  'AgencyPrivacy',
  'AgencyInfo',
  'AgencyCosts',
  'AgencyArea',
  // the agency area's sections (SPEC 2 agency area navigation); each needs an agency login and an ability
  'AgencyOrders',
  'AgencyInvitationTool',
  'AgencyRecommenders',
  'AgencyEmployees',
  'AgencyRewards',
  'AgencyRewardPlan',
  'AgencyInvoices',
  'AgencyMasterData',
  'AgencyStatistics',
  // the invited customer's page: the invitation link completes the registration (no agency login)
  'InvitationRegistration',
  // profi-seller area
  'ProfiOverview',
  'ProfiOrders',
  'ProfiArea',
  'ProfiRegistration',
  'ProfiWelcome',
  'ProfiCommissions',
  'ProfiBilling',
  // the back office (issue 15): the client's programme team; every page but the sign-in needs a back-office
  // session (runtime/router/guards/backofficeGuard.ts), each section an ability (domain/backofficeSections.ts)
  'BackofficeLogin',
  'BackofficeSetPassword',
  'BackofficeSsoCallback',
  'BackofficeLogout',
  'BackofficeHome',
  'BackofficeFigures',
  'BackofficeOrders',
  'BackofficeOrder',
  'BackofficeReview',
  'BackofficeSupport',
  'BackofficeAgencies',
  'BackofficeProfiSellers',
  'BackofficePayouts',
  'BackofficeVouchers',
  'BackofficeSettings',
  'BackofficeIntegration',
  'BackofficeStaff',
  'BackofficeAudit',
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

/**
 * SPEC section 2, forced login: with ModuleErzwingeLogin a guest may still see these pages
 * (404, terms, recipient bank data, code, privacy, recipient data, exclusive (the pre-page), FAQ, imprint,
 * contact, login, logout, set password, forgot password, reward choice, reward data, complete
 * registration, accessibility).
 */
export const FORCED_LOGIN_EXCEPTIONS: readonly RouteName[] = [
  'FileNotFound',
  'TOS',
  'BankDetailsRecipient',
  'Code',
  'Privacy',
  'RecipientData',
  'PrePage',
  'Faq',
  'Imprint',
  'Contact',
  'Login',
  'Logout',
  'SetPassword',
  'ForgotPassword',
  'Reward',
  'RewardDetails',
  'CompleteRegistration',
  'Accessibility',
  // Beyond SPEC's list: the rest of the recipient journey. A recipient has no login (SPEC 6), so a link
  // followed on a forced-login mandant must still reach consent, confirmation and the expired page.
  'RecipientConsent',
  'RecipientTOSConsent',
  'RecipientConfirmation',
  'ExpiredRecommendation',
  // The invited customer's link (issue 14): they have no login yet; the link completes the registration.
  'InvitationRegistration',
];

/** SPEC section 2: pages that need a logged-in recommender (a page schema can add more with `access: "user"`). */
export const LOGIN_REQUIRED: readonly RouteName[] = ['Dashboard', 'Settings', 'Logout'];

/** SPEC section 2: pages that are disabled when the mandant uses autologin (IsAutologin). */
export const AUTOLOGIN_DISABLED: readonly RouteName[] = ['Settings', 'Login'];

/** Agency pages reachable without an agency login; every other Agency* page needs one (SPEC section 2). */
export const AGENCY_PUBLIC: readonly RouteName[] = [
  'AgencyRegister',
  'AgencyRegisterData',
  'AgencySetPassword',
  'AgencyForgotPassword',
  'AgencyResetPassword',
  'AgencyLogin',
  'AgencyConfirm',
  'AgencyHome',
  'AgencyRules',
  'AgencyPrivacy',
  'AgencyInfo',
  'AgencyCosts',
];

export function isAgencyRoute(name: string): boolean {
  return name.startsWith('Agency');
}

/** Back-office pages reachable without a back-office session (issue 15); every other Backoffice* page needs one. */
export const BACKOFFICE_PUBLIC: readonly RouteName[] = [
  'BackofficeLogin',
  'BackofficeSetPassword',
  'BackofficeSsoCallback',
];

export function isBackofficeRoute(name: string): boolean {
  return name.startsWith('Backoffice');
}
