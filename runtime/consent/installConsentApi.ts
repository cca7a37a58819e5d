import type { ConsentId } from '../../schemas/constants.ts';
import { CONSENT_CATEGORIES, OPTIONAL_CONSENT_IDS } from './consentCategories.ts';
import type { ConsentChoice, ConsentDecision, ConsentState } from './consentState.ts';
import { categoryConsent, trackerConsent } from './consentState.ts';
import type { ConsentManager } from './createConsentManager.ts';

/** What `window.psoeConsent.get()` answers: every category and every tracker of the mandant. */
export interface ConsentSnapshot {
  readonly categories: Readonly<Record<ConsentId, ConsentDecision>>;
  readonly trackers: Readonly<Record<string, ConsentDecision>>;
}

/** The page-level API an external consent manager calls (runtime/consent/README.md). */
export interface PsoeConsentApi {
  set(choice: Partial<ConsentChoice>): void;
  get(): ConsentSnapshot;
  onChange(listener: (snapshot: ConsentSnapshot) => void): () => void;
}

/** Calls made before the runtime was ready: `(window.psoeConsentQueue ||= []).push({ analytical: true })`. */
export interface ConsentQueue {
  push(...choices: unknown[]): number;
}

declare global {
  interface Window {
    psoeConsent?: PsoeConsentApi;
    psoeConsentQueue?: ConsentQueue | unknown[];
  }
}

export const CONSENT_READY_EVENT = 'psoeconsentready';

export function consentSnapshot(manager: ConsentManager, state: ConsentState): ConsentSnapshot {
  const categories = Object.fromEntries(
    CONSENT_CATEGORIES.map((category) => [category.id, categoryConsent(state, category.id)]),
  ) as Record<ConsentId, ConsentDecision>;
  const trackers = Object.fromEntries(
    manager.trackings.map((tracking) => [tracking.id, trackerConsent(state, tracking)]),
  );
  return { categories, trackers };
}

/** Only booleans for known categories get through: the caller is third-party script. */
function toChoice(value: unknown): Partial<ConsentChoice> | null {
  if (typeof value !== 'object' || value === null) return null;
  const choice: Partial<Record<keyof ConsentChoice, boolean>> = {};
  for (const id of OPTIONAL_CONSENT_IDS) {
    const flag = (value as Record<string, unknown>)[id];
    if (typeof flag === 'boolean') choice[id] = flag;
  }
  return Object.keys(choice).length > 0 ? choice : null;
}

/**
 * Installs `window.psoeConsent`, applies what was queued in `window.psoeConsentQueue` before, turns the
 * queue into a live one, and announces readiness with a `psoeconsentready` event. Returns the uninstaller.
 */
export function installConsentApi(target: Window, manager: ConsentManager): () => void {
  const set = (value: unknown) => {
    const choice = toChoice(value);
    if (choice) manager.set(choice);
    else console.warn('psoeConsent.set: expected e.g. { analytical: true }, got', value);
  };
  const api: PsoeConsentApi = {
    set,
    get: () => consentSnapshot(manager, manager.get()),
    onChange: (listener) => manager.onChange((state) => listener(consentSnapshot(manager, state))),
  };
  const queued = Array.isArray(target.psoeConsentQueue) ? target.psoeConsentQueue : [];
  target.psoeConsent = api;
  target.psoeConsentQueue = {
    push: (...choices: unknown[]) => {
      for (const choice of choices) set(choice);
      return 0;
    },
  };
  for (const choice of queued) set(choice);
  target.dispatchEvent(new Event(CONSENT_READY_EVENT));
  return () => {
    if (target.psoeConsent === api) delete target.psoeConsent;
  };
}
