import type { Tracking } from '../../schemas/api.ts';
import { CONSENT_DAYS } from '../../schemas/constants.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import { consentAtom } from './consentAtom.ts';
import { CONSENT_COOKIE_NAME, consentVersion, parseConsent, serializeConsent } from './consentCookie.ts';
import { emitConsentChange } from './consentEvents.ts';
import {
  type ConsentChoice,
  type ConsentState,
  completeChoice,
  decide,
  sameConsent,
} from './consentState.ts';
import type { CookieJar } from './cookieJar.ts';

export type ConsentMode = 'internal' | 'external';

export interface ConsentManager {
  readonly mode: ConsentMode;
  readonly trackings: readonly Tracking[];
  get(): ConsentState;
  /** Records a decision; categories left out keep their current value (not given when nothing was decided). */
  set(choice: Partial<ConsentChoice>): void;
  onChange(listener: (state: ConsentState) => void): () => void;
}

export interface ConsentManagerOptions {
  store: RuntimeStore;
  trackings: readonly Tracking[];
  /** `useInternalConsentManager` of the mandant. */
  internal: boolean;
  jar: CookieJar;
  now?: () => number;
}

/**
 * Owns the consent state of one app: the jotai atom, the cookie and the change events.
 *
 * Internal mode (our banner) keeps the decision in a first-party cookie for CONSENT_DAYS. External mode
 * keeps it in memory only: the external manager is the one source of truth and tells us on every page
 * load, so a second, possibly stale copy in our cookie could only contradict it.
 */
export function createConsentManager(options: ConsentManagerOptions): ConsentManager {
  const { store, trackings, internal, jar } = options;
  const now = options.now ?? Date.now;
  const version = consentVersion(trackings);
  const listeners = new Set<(state: ConsentState) => void>();
  if (internal) store.set(consentAtom, parseConsent(jar.read(CONSENT_COOKIE_NAME), version, now()));

  return {
    mode: internal ? 'internal' : 'external',
    trackings,
    get: () => store.get(consentAtom),
    set(partial) {
      const previous = store.get(consentAtom);
      const next = decide(completeChoice(previous, partial), now());
      if (internal) {
        const value = serializeConsent(next, version);
        if (value) jar.write(CONSENT_COOKIE_NAME, value, CONSENT_DAYS);
      }
      store.set(consentAtom, next);
      // Saving the same choice again renews the cookie but is no change for trackers and listeners.
      if (sameConsent(previous, next)) return;
      for (const listener of [...listeners]) listener(next);
      emitConsentChange(next);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
