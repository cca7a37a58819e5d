import disposableDomains from 'disposable-email-domains' with { type: 'json' };
import type { FraudReason } from '../../schemas/integration.ts';

const DISPOSABLE = new Set<string>(disposableDomains as string[]);

/** What the checks look at, gathered by the order intake from the recommendation, recipient and order. */
export interface FraudFacts {
  recommender: { email: string | null; vorname: string | null; nachname: string | null; iban: string | null };
  recipient: {
    email: string | null;
    vorname: string | null;
    nachname: string | null;
    iban: string | null;
  } | null;
  /** Recommendations by the same recommender in the 24 hours before this one. */
  recommendationsSameDay: number;
  /** Other recommenders' accounts whose bank data has the recommender's IBAN. */
  otherAccountsWithIban: number;
  /** Other recipients created from the recipient's client (network and user agent) in the 24 hours before. */
  recipientsFromClientSameDay: number;
  alreadyCustomer: boolean;
}

/** More recommendations than this from one recommender in a day is a burst worth a look. */
export const BURST_PER_DAY = 10;
/** More recipients than this from one client (network and browser) in a day: one person playing many friends. */
export const CLIENT_BURST_PER_DAY = 5;

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export function isDisposableEmail(email: string | null): boolean {
  const domain = email?.split('@')[1]?.toLowerCase();
  return !!domain && DISPOSABLE.has(domain);
}

/**
 * The fraud checks at attribution (issue 13), pure: each finding is a reason code; an order with any
 * waits for review instead of being refused.
 */
export function fraudReasons(facts: FraudFacts): FraudReason[] {
  const reasons: FraudReason[] = [];
  const { recommender, recipient } = facts;
  if (
    recipient &&
    (same(recommender.email, recipient.email) ||
      (same(recommender.vorname, recipient.vorname) && same(recommender.nachname, recipient.nachname)) ||
      same(recommender.iban?.replace(/\s/g, ''), recipient.iban?.replace(/\s/g, '')))
  ) {
    reasons.push('self_recommendation');
  }
  if (facts.otherAccountsWithIban > 0) reasons.push('shared_iban');
  if (facts.recommendationsSameDay > BURST_PER_DAY) reasons.push('burst_account');
  if (facts.recipientsFromClientSameDay > CLIENT_BURST_PER_DAY) reasons.push('burst_client');
  if (isDisposableEmail(recommender.email) || isDisposableEmail(recipient?.email ?? null)) {
    reasons.push('disposable_email');
  }
  if (facts.alreadyCustomer) reasons.push('already_customer');
  return reasons;
}
