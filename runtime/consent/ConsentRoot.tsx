import { lazy, Suspense } from 'react';
import { useMandant } from '../state/hooks.ts';
import { pageSettled } from './pageSettled.ts';

/**
 * Everything about consent is one lazy chunk. On the server it renders at once, so a page that starts
 * with the banner has it in its first paint; in the browser that markup stays as sent (React hydrates it
 * when the chunk arrives, once the page has settled, and replays a click made on it before).
 */
const ConsentController = lazy(() =>
  (typeof window === 'undefined' ? Promise.resolve() : pageSettled())
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
  if (typeof useMandant().useInternalConsentManager !== 'boolean') return null;
  return (
    <Suspense fallback={null}>
      <ConsentController routeName={routeName} />
    </Suspense>
  );
}
