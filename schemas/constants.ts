/**
 * The business constants of SPEC section 9, in one place. Runtime and server both read them from here.
 */

/** Cookie `channel` keeps channel/c/pk_campaign/mtm_campaign for 730 days, only with consent. */
export const CHANNEL_COOKIE_NAME = 'channel';
export const CHANNEL_COOKIE_DAYS = 730;
export const CHANNEL_QUERY_PARAMS = ['channel', 'c', 'pk_campaign', 'mtm_campaign'] as const;
/** Default cookie expiry and consent lifetime. */
export const DEFAULT_COOKIE_DAYS = 60;
export const CONSENT_DAYS = 60;
/** First-party cookie holding the consent decision per category (runtime/consent/README.md). */
export const CONSENT_COOKIE_NAME = 'psoe_consent';
export const TOKEN_COOKIE_NAME = 'psoe_token';
/** Local storage key is the host plus this suffix. */
export const TOKEN_STORAGE_SUFFIX = '_token';

export const TOKEN_EXPIRY_CHECK_MS = 60_000;
export const HTTP_TIMEOUT_MS = 300_000;
export const CONTENT_TIMEOUT_MS = 300_000;
export const LAZY_PAGE_TIMEOUT_MS = 120_000;
export const EXIT_INTENT_MS = 15_000;
export const SCROLL_ANIMATION_MS = 300;

export const AGENT_PAGE_SIZE = 6;
export const SPLIT_OPTION = [50, 50] as const;

export const RECIPIENT_DATA_DELETE_WEEKS = 12;
export const RECIPIENT_LINK_VALID_DAYS = 60;

/** Reward timing statements: cash is paid within four weeks of the bank data, a voucher mailed within 24 hours. */
export const CASH_PAYOUT_WEEKS = 4;
export const VOUCHER_DELIVERY_HOURS = 24;

export const MIN_AGE = 18;
export const YOUNG_TARIFF_MAX_AGE = 28;
export const PASSWORD_MIN_LENGTH = 8;

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
/** A locale in the first path segment is two lowercase letters. */
export const LOCALE_PATTERN = /^[a-z]{2}$/;

/** Breakpoints in pixels (min-width). */
export const BREAKPOINTS = { xl: 1920, lg: 1024, md: 768, sm: 453 } as const;

export const CONSENT_IDS = ['required', 'functional', 'analytical', 'marketing'] as const;
export type ConsentId = (typeof CONSENT_IDS)[number];

/** Short text: truncated at 40 characters to the first 19 plus dots. */
export const SHORT_TEXT_MAX = 40;
export const SHORT_TEXT_KEEP = 19;

export const TRACKING_SITE_ID_PRODUCTION = 105;

/** Headers on every API call (SPEC section 7). */
export const HEADER_REQUESTED_WITH = 'X-Requested-With';
export const HEADER_ACCEPT_LANGUAGE = 'X-Accept-Language';
export const HEADER_X_AUTHORIZATION = 'X-Authorization';

/** Report queries (SPEC 3, OrderBy/Descending/Pagesize/Pagenumber/Filter): rows per page, 1 to 100. */
export const REPORT_MAX_PAGE_SIZE = 100;
export const REPORT_DEFAULT_PAGE_SIZE = 20;
