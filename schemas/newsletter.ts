/**
 * The recommender's newsletter double opt-in (SPEC sections 3, 4, 7): the derived state, the wire shapes
 * of its calls, and its time limits. Pure, shared by runtime and server.
 */

export type NewsletterState = 'optedOut' | 'pending' | 'optedIn';

/** The two fields of the current user that carry the newsletter (SPEC 3, current user). */
export interface NewsletterFields {
  NewsletterOptinGegeben: boolean;
  /** When the opt-in mail was sent (wire date-time), or null. */
  NewsletterOptinVersendetAm: string | null;
}

/**
 * SPEC 3: "optedIn if permission given; pending if not given but opt-in mail was sent; otherwise
 * optedOut."
 */
export function newsletterState(fields: NewsletterFields): NewsletterState {
  if (fields.NewsletterOptinGegeben) return 'optedIn';
  return fields.NewsletterOptinVersendetAm ? 'pending' : 'optedOut';
}

/**
 * PUT /empfehler/setNewsletterOptin answer (SPEC 7). OptinAlreadySet: nothing to do, the user is opted
 * in. OptinMailAlreadySent: a mail went out moments ago (OPTIN_RESEND_AFTER_MINUTES) and was not sent
 * again. Both false: the opt-in mail has just been sent.
 */
export interface SetNewsletterOptinResponse extends NewsletterFields {
  OptinMailAlreadySent: boolean;
  OptinAlreadySet: boolean;
}

/** PUT /empfehler/newsletter/optin and /optout body: the token from the mail's link (optout: optional). */
export interface NewsletterTokenRequest {
  Token?: string;
}

/** The i18n key of the consent text shown next to the newsletter switch and stored with every consent. */
export const NEWSLETTER_CONSENT_TEXT_KEY = 'newsletter.consent.text';
/** The confirm link of the opt-in mail works this long, once. */
export const OPTIN_LINK_VALID_HOURS = 48;
/** A second request within this time sends no second mail (OptinMailAlreadySent). */
export const OPTIN_RESEND_AFTER_MINUTES = 10;
/** The unsubscribe link of the opt-in mail works this long (two years), once. */
export const OPTOUT_LINK_VALID_DAYS = 730;
/** The query parameter that carries a mail link's token to the Optin and Optout pages. */
export const NEWSLETTER_TOKEN_PARAM = 'token';
