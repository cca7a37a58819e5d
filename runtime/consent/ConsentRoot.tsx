import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../ssr/useHydrated.ts';
import { useMandant } from '../state/hooks.ts';
import { ConsentBanner } from './ConsentBanner.tsx';
import { bannerAtBootAtom, consentDialogOpenAtom, pendingConsentChoiceAtom } from './consentUiAtoms.ts';
import { pageSettled } from './pageSettled.ts';
import { BANNER_SUPPRESSED_ROUTES } from './shouldShowBanner.ts';

const ConsentController = lazy(() =>
  pageSettled()
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
 * The consent manager's place in the shell. When the page starts with the banner (no decision in the
 * consent cookie), the banner is part of the first paint, rendered on the server too; a choice made there
 * waits for the consent runtime. The runtime (trackers, dialog, `window.psoeConsent`) is a lazy chunk that
 * loads once the page has settled and takes the banner over. A mandant configuration without
 * `useInternalConsentManager` (trimmed test and story fixtures) has none.
 */
export function ConsentRoot({ routeName }: ConsentRootProps) {
  const mandant = useMandant();
  const hydrated = useHydrated();
  const atBoot = useAtomValue(bannerAtBootAtom);
  const [pending, choose] = useAtom(pendingConsentChoiceAtom);
  const openSettings = useSetAtom(consentDialogOpenAtom);
  if (typeof mandant.useInternalConsentManager !== 'boolean') return null;
  const firstBanner =
    atBoot && !pending && routeName !== null && !BANNER_SUPPRESSED_ROUTES.includes(routeName) ? (
      <ConsentBanner onDecide={choose} onSettings={() => openSettings(true)} />
    ) : null;
  return (
    <Suspense fallback={firstBanner}>
      {hydrated ? <ConsentController placeholder={firstBanner} /> : firstBanner}
    </Suspense>
  );
}
