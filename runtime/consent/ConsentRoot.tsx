import { useStore } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { noteServerModule } from '../ssr/serverModules.ts';
import { useMandant } from '../state/hooks.ts';
import { ALL_ACCEPTED, ONLY_REQUIRED } from './consentState.ts';
import { consentDialogOpenAtom, consentMountedAtom, pendingConsentChoiceAtom } from './consentUiAtoms.ts';
import { pageSettled } from './pageSettled.ts';

/** The consent chunk's key in the build manifest (its stylesheet goes into the first paint's head). */
export const CONSENT_MODULE = 'consent/ConsentController.tsx';

/** Resolves when a visitor uses the first-paint banner before the consent chunk was due. */
let wanted: () => void = () => {};
const wantedNow = new Promise<void>((resolve) => {
  wanted = resolve;
});

/**
 * Everything about consent is one lazy chunk. On the server it renders at once, so a page that starts
 * with the banner has it in its first paint; in the browser that markup stays as sent until the chunk
 * arrives, once the page has settled (or at once when the banner is used), and React hydrates it.
 */
const ConsentController = lazy(() =>
  (typeof window === 'undefined' ? Promise.resolve() : Promise.race([pageSettled(), wantedNow]))
    .then(() => import('./ConsentController.tsx'))
    .catch((error: unknown) => {
      // Without the consent runtime nothing is tracked and nothing asked: the page itself keeps working.
      console.error('The consent manager could not be loaded', error);
      return { default: () => null };
    }),
);

export interface ConsentRootProps {
  /** The route on screen; null while redirecting. */
  routeName: string | null;
}

/**
 * The consent manager's place in the shell. A mandant configuration without `useInternalConsentManager`
 * (trimmed test and story fixtures) has none.
 */
export function ConsentRoot({ routeName }: ConsentRootProps) {
  const store = useStore();
  const internal = typeof useMandant().useInternalConsentManager === 'boolean';
  // A click on the server-rendered banner before its code arrived: remembered here and applied by the
  // consent runtime once it has started, and the code is fetched right away.
  useEffect(() => {
    if (!internal) return;
    const onClick = (event: MouseEvent) => {
      if (store.get(consentMountedAtom) || !(event.target instanceof Element)) return;
      const action = event.target.closest<HTMLElement>('[data-consent-action]')?.dataset.consentAction;
      if (action === 'all') store.set(pendingConsentChoiceAtom, ALL_ACCEPTED);
      else if (action === 'required') store.set(pendingConsentChoiceAtom, ONLY_REQUIRED);
      else if (action === 'settings') store.set(consentDialogOpenAtom, true);
      else return;
      wanted();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [internal, store]);
  if (!internal) return null;
  // Every server render notes it (the lazy loader runs only once per process).
  if (typeof window === 'undefined') noteServerModule(CONSENT_MODULE);
  return (
    <Suspense fallback={null}>
      <ConsentController routeName={routeName} />
    </Suspense>
  );
}
