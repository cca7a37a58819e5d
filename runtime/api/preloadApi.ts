import { getApiClient } from './api.ts';

/**
 * Loads the API client and, with it, the error catalogue's texts (see main.tsx, onFirstUse). A form calls
 * it when it appears, so its messages (e.g. PSOF0302 for an invalid e-mail) are there before the first
 * submit; a failure is left to the call that needs the client.
 */
export function preloadApi(): Promise<void> {
  return getApiClient().then(
    () => undefined,
    () => undefined,
  );
}
