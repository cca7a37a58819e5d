import { readCookie } from '../../domain/cookies.ts';
import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_SUFFIX } from '../../schemas/constants.ts';

/** SPEC 9: the local storage key is the host plus `_token`. */
export function tokenStorageKey(host: string): string {
  return `${host}${TOKEN_STORAGE_SUFFIX}`;
}

/** The value of the `psoe_token` cookie in a `document.cookie` string, or null. */
export function readCookieToken(cookies: string): string | null {
  const value = readCookie(cookies, TOKEN_COOKIE_NAME);
  return value ? decodeURIComponent(value) || null : null;
}

export function readTokenCookie(): string | null {
  return readCookieToken(document.cookie);
}

export function readLocalToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey(window.location.host));
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): the cookie still works.
    return null;
  }
}

/** The persisted token: cookie first, then local storage (SPEC 6 lookup order, after the users). */
export function readStoredToken(): string | null {
  return readTokenCookie() || readLocalToken();
}
