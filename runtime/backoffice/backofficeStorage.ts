/**
 * Where the back-office token lives (ADR 0022): this tab's sessionStorage, key host + `_backoffice_token`.
 * Never the `psoe_token` cookie or local storage of the recommender's session, so it can never be sent as a
 * recommender's token, and it is gone with the tab.
 */
export const BACKOFFICE_TOKEN_SUFFIX = '_backoffice_token';

export function backofficeTokenKey(host: string): string {
  return `${host}${BACKOFFICE_TOKEN_SUFFIX}`;
}

export function readBackofficeToken(): string | null {
  try {
    return window.sessionStorage.getItem(backofficeTokenKey(window.location.host));
  } catch {
    // Storage can be blocked: the session then lasts until the page reloads.
    return null;
  }
}

/** Persists (or with null, removes) this tab's back-office token. */
export function writeBackofficeToken(token: string | null): void {
  const key = backofficeTokenKey(window.location.host);
  try {
    if (token) window.sessionStorage.setItem(key, token);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage can be blocked: the session lives in memory only then.
  }
}
