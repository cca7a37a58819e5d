/**
 * Whether a route parameter can be a login token at all (URL-safe, 16 to 512 characters, like the tokens
 * the server hands out). Anything else — a mistyped or truncated link, a placeholder like `:token` — is
 * refused here without a request that could only fail.
 */
export function isPlausibleLoginToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9._~-]{16,512}$/.test(token);
}
