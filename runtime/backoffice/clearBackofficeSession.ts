import type { RuntimeStore } from '../state/createRuntimeStore.ts';
import { backofficeTokenAtom, backofficeUserAtom } from './backofficeAtoms.ts';
import { writeBackofficeToken } from './backofficeStorage.ts';

/**
 * Ends the back-office session in this tab: user, token and the stored token. The recommender's and the
 * agency user's sessions stay (ADR 0022); the guard sends a back-office page to the sign-in.
 */
export function clearBackofficeSession(store: RuntimeStore): void {
  store.set(backofficeUserAtom, null);
  store.set(backofficeTokenAtom, null);
  writeBackofficeToken(null);
}
