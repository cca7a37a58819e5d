import { lazy, Suspense } from 'react';
import { useHydrated } from '../ssr/useHydrated.ts';
import { useMandant } from '../state/hooks.ts';
import { pageSettled } from './pageSettled.ts';

const ConsentController = lazy(() =>
  pageSettled()
    .then(() => import('./ConsentController.tsx'))
    .catch((error: unknown) => {
      // Without the consent runtime nothing is tracked and nothing asked: the page itself keeps working.
      console.error('The consent manager could not be loaded', error);
      return { default: () => null };
    }),
);

/**
 * The consent manager's place in the shell. Everything about consent and tracking is a lazy chunk that
 * loads once the first page has settled. A mandant configuration without `useInternalConsentManager`
 * (trimmed test and story fixtures) has none.
 */
export function ConsentRoot() {
  const hydrated = useHydrated();
  const mandant = useMandant();
  // Browser only: it reads the consent cookie and loads after the page settled.
  if (!hydrated || typeof mandant.useInternalConsentManager !== 'boolean') return null;
  return (
    <Suspense fallback={null}>
      <ConsentController />
    </Suspense>
  );
}
