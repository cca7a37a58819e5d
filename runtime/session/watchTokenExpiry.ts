import { TOKEN_EXPIRY_CHECK_MS } from '../../schemas/constants.ts';
import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import { clearAgencySession, clearUserSession } from './clearSession.ts';
import { expiredSessions } from './expiredSessions.ts';
import { agencyTokenAtom, userTokenAtom } from './sessionAtoms.ts';
import { readStoredToken } from './storedToken.ts';
import { writeStoredToken } from './tokenStorage.ts';

export interface TokenExpiryOptions {
  reload: () => void;
  now?: () => number;
  intervalMs?: number;
}

/**
 * One expiry check (SPEC 4): an expired user or agency token logs that session out, an expired stored
 * token is removed, and then the page reloads. Returns whether it reloaded.
 */
export function checkTokenExpiry(store: RuntimeStore, options: TokenExpiryOptions): boolean {
  const now = options.now ?? Date.now;
  const expired = expiredSessions(
    {
      userToken: store.get(userTokenAtom),
      agencyToken: store.get(agencyTokenAtom),
      storedToken: readStoredToken(),
    },
    now(),
  );
  if (!expired.user && !expired.agency && !expired.stored) return false;
  if (expired.user) clearUserSession(store);
  if (expired.agency) clearAgencySession(store);
  if (expired.stored) writeStoredToken(null);
  // Reload only once the expired token is really gone, or blocked storage would reload forever.
  const left = readStoredToken();
  if (left && expiredSessions({ userToken: null, agencyToken: null, storedToken: left }, now()).stored) {
    console.error('The expired token could not be removed from storage; not reloading');
    return false;
  }
  options.reload();
  return true;
}

const watched = new WeakSet<RuntimeStore>();

/**
 * SPEC 4: "Every 60 seconds the token expiry is checked; when expired, the user is logged out and the
 * page reloads." The agency session works the same. Started once per store, when a session begins;
 * returns the function that stops the checks.
 */
export function watchTokenExpiry(store: RuntimeStore, options: TokenExpiryOptions): () => void {
  if (watched.has(store)) return () => {};
  watched.add(store);
  const timer = setInterval(
    () => checkTokenExpiry(store, options),
    options.intervalMs ?? TOKEN_EXPIRY_CHECK_MS,
  );
  return () => {
    clearInterval(timer);
    watched.delete(store);
  };
}
