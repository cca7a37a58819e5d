/**
 * The reward link's token (praemierungstoken) outlives a reload of the tab but not the tab: the link came
 * by mail, and the person may go on to the bank data or customer number page. Session storage, keyed by
 * host like the session token (SPEC 9).
 */
const SUFFIX = '_praemierungstoken';

function key(): string {
  return `${window.location.host}${SUFFIX}`;
}

export function readStoredRewardToken(): string | null {
  try {
    return window.sessionStorage.getItem(key());
  } catch {
    return null;
  }
}

export function writeStoredRewardToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(key(), token);
    else window.sessionStorage.removeItem(key());
  } catch {
    // Storage can be blocked: the token then lives in memory for this page only.
  }
}
