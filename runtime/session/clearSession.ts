import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import { agencyTokenAtom, agencyUserAtom, bankDetailsAtom, userAtom, userTokenAtom } from './sessionAtoms.ts';
import { readStoredToken } from './storedToken.ts';
import { writeStoredToken } from './tokenStorage.ts';

/** SPEC 4: "Logout clears the user, bank account, the token cookie and the local storage entry." */
export function clearUserSession(store: RuntimeStore): void {
  store.set(userAtom, null);
  store.set(userTokenAtom, null);
  store.set(bankDetailsAtom, null);
  writeStoredToken(null);
}

/**
 * Ends the agency session. Returns whether the page must reload: SPEC 4, "logging out an agency user
 * reloads the page if a normal user is also logged in".
 */
export function clearAgencySession(store: RuntimeStore): boolean {
  const token = store.get(agencyTokenAtom);
  store.set(agencyUserAtom, null);
  store.set(agencyTokenAtom, null);
  // The agency token is persisted only while no recommender is logged in (see acceptAgencyLogin).
  if (token && readStoredToken() === token) writeStoredToken(null);
  return store.get(userAtom) !== null;
}

/** SPEC 4: HTTP 401 or PSOF0204 logs out both user kinds; the server already ended the token. */
export function endAllSessions(store: RuntimeStore): void {
  clearAgencySession(store);
  clearUserSession(store);
}
