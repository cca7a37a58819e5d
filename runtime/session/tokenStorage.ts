import { TOKEN_COOKIE_NAME } from '../../schemas/constants.ts';
import { tokenStorageKey } from './storedToken.ts';
import { readTokenClaims } from './tokenClaims.ts';

/**
 * The `psoe_token` cookie (SPEC 9): for the whole site, sent on same-site navigation only, Secure on
 * https, and gone when the token expires (a session cookie when the token has no `exp`).
 * `null` builds the cookie that deletes it.
 */
export function tokenCookie(token: string | null, https: boolean): string {
  const exp = token ? readTokenClaims(token)?.exp : 0;
  const expires = typeof exp === 'number' ? `; expires=${new Date(exp * 1000).toUTCString()}` : '';
  const value = token ? encodeURIComponent(token) : '';
  return `${TOKEN_COOKIE_NAME}=${value}; path=/; SameSite=Lax${expires}${https ? '; Secure' : ''}`;
}

/** Persists (or with null, removes) the token in both places SPEC 9 names. */
export function writeStoredToken(token: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox and Safari < 18.4
  document.cookie = tokenCookie(token, window.location.protocol === 'https:');
  const key = tokenStorageKey(window.location.host);
  try {
    if (token) window.localStorage.setItem(key, token);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage can be blocked; the cookie alone carries the session then.
  }
}
