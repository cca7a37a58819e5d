import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true from then on. For parts
 * that exist only in the browser (the consent manager, anything reading storage): render them once this
 * is true, and server and browser agree on the first paint.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
