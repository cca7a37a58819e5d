import type { MandantResponse } from '../../schemas/api.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import { createTracking } from '../tracking/createTracking.ts';
import { sendHit } from '../tracking/sendHit.ts';
import { startChannelCookie } from '../tracking/startChannelCookie.ts';
import { type CookieJar, documentCookieJar } from './cookieJar.ts';
import { type ConsentManager, createConsentManager } from './createConsentManager.ts';
import { installConsentApi } from './installConsentApi.ts';

export interface ConsentRuntime {
  readonly manager: ConsentManager;
  stop(): void;
}

export interface ConsentRuntimeOptions {
  store: RuntimeStore;
  mandant: Pick<MandantResponse, 'trackings' | 'useInternalConsentManager'>;
  window: Window;
  jar?: CookieJar;
  send?: (url: string) => void;
  now?: () => number;
}

/**
 * Everything that depends on consent, wired once per app: the decision (cookie or external manager),
 * the trackers, the channel cookie, and `window.psoeConsent`. The API is installed last, so decisions an
 * external manager queued before are heard by trackers and channel cookie alike.
 */
export function startConsentRuntime(options: ConsentRuntimeOptions): ConsentRuntime {
  const { store, mandant, window } = options;
  const jar = options.jar ?? documentCookieJar(window.document);
  const trackings = mandant.trackings ?? [];
  const manager = createConsentManager({
    store,
    trackings,
    internal: mandant.useInternalConsentManager !== false,
    jar,
    ...(options.now ? { now: options.now } : {}),
  });
  const tracking = createTracking({
    trackings,
    consent: manager,
    send: options.send ?? sendHit,
    document: window.document,
  });
  const stopChannel = startChannelCookie(manager, jar);
  const uninstall = installConsentApi(window, manager);
  return {
    manager,
    stop() {
      uninstall();
      stopChannel();
      tracking.stop();
    },
  };
}

const running = new WeakMap<RuntimeStore, ConsentRuntime>();

/**
 * One runtime per app store: the shell (and with it the controller) remounts around redirects, the
 * consent, trackers and listeners must not start twice.
 */
export function consentRuntimeFor(options: ConsentRuntimeOptions): ConsentRuntime {
  let runtime = running.get(options.store);
  if (!runtime) {
    runtime = startConsentRuntime(options);
    running.set(options.store, runtime);
  }
  return runtime;
}
