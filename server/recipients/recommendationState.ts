import type { RecommendationStatus } from '../db/DatabaseSchema.ts';

/** What decides whether a recommendation's link may still be followed. */
export interface RecommendationValidity {
  status: RecommendationStatus;
  linkExpiresAt: Date;
  erasedAt: Date | null;
  /**
   * A guest used the e-mail of an account and has not confirmed the opt-in mail yet (issue 4, recommend):
   * the link must not work before (optin_token_hash set, optin_confirmed_at null).
   */
  optinPending: boolean;
}

/** Statuses after which nobody can follow the link any more, whatever the date. */
const CLOSED_STATUSES: readonly RecommendationStatus[] = ['Abgelaufen', 'Storniert'];

/**
 * SPEC section 9: the recipient has 60 days to follow the link (link_expires_at, set when the
 * recommendation is made). A cancelled, expired or erased recommendation is over as well, and one whose
 * recommender has not confirmed the opt-in is not open yet; the recipient
 * then sees 'Diese Empfehlung ist leider nicht mehr möglich' (PSOF0309).
 */
export function isRecommendationExpired(recommendation: RecommendationValidity, now: Date): boolean {
  return (
    recommendation.erasedAt !== null ||
    recommendation.optinPending ||
    CLOSED_STATUSES.includes(recommendation.status) ||
    recommendation.linkExpiresAt.getTime() <= now.getTime()
  );
}
