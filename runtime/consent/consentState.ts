import type { Tracking } from '../../schemas/api.ts';
import type { ConsentId } from '../../schemas/constants.ts';
import { OPTIONAL_CONSENT_IDS, type OptionalConsentId } from './consentCategories.ts';

/** SPEC section 4, consent per tracker: given, declined or unset. */
export type ConsentDecision = 'given' | 'declined' | 'unset';

/** The user's answer for every category that can be switched. */
export type ConsentChoice = Readonly<Record<OptionalConsentId, boolean>>;

/** Nothing decided yet (or the decision expired, or the tracker list changed), or a choice and when. */
export type ConsentState =
  | { readonly decided: false }
  | { readonly decided: true; readonly choice: ConsentChoice; readonly decidedAt: number };

export const UNSET_CONSENT: ConsentState = { decided: false };

export const ALL_ACCEPTED: ConsentChoice = { functional: true, analytical: true, marketing: true };
export const ONLY_REQUIRED: ConsentChoice = { functional: false, analytical: false, marketing: false };

/** A partial answer (an external manager names only some categories) completed from what holds now. */
export function completeChoice(state: ConsentState, partial: Partial<ConsentChoice>): ConsentChoice {
  const base = state.decided ? state.choice : ONLY_REQUIRED;
  const choice = { ...base };
  for (const id of OPTIONAL_CONSENT_IDS) {
    const value = partial[id];
    if (typeof value === 'boolean') choice[id] = value;
  }
  return choice;
}

export function decide(choice: ConsentChoice, now: number): ConsentState {
  return { decided: true, choice: { ...choice }, decidedAt: now };
}

/** `required` is always given; the others are unset until decided. */
export function categoryConsent(state: ConsentState, id: ConsentId): ConsentDecision {
  if (id === 'required') return 'given';
  if (!state.decided) return 'unset';
  return state.choice[id] ? 'given' : 'declined';
}

/** A tracker follows the decision on its category (SPEC section 4, consent per tracker). */
export function trackerConsent(state: ConsentState, tracking: Pick<Tracking, 'category'>): ConsentDecision {
  return categoryConsent(state, tracking.category ?? 'analytical');
}

export function sameConsent(a: ConsentState, b: ConsentState): boolean {
  if (!a.decided || !b.decided) return a.decided === b.decided;
  return OPTIONAL_CONSENT_IDS.every((id) => a.choice[id] === b.choice[id]);
}
