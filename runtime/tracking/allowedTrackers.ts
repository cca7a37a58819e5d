import type { Tracking } from '../../schemas/api.ts';
import { type ConsentState, trackerConsent } from '../consent/consentState.ts';

/** The trackers that may receive hits now: only those whose category is given (SPEC section 4). */
export function allowedTrackers(trackings: readonly Tracking[], state: ConsentState): Tracking[] {
  return trackings.filter((tracking) => trackerConsent(state, tracking) === 'given');
}
