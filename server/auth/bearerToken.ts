import type { IncomingHttpHeaders } from 'node:http';

/**
 * The session token of a request (SPEC section 6: a Bearer value in Authorization and X-Authorization,
 * both carrying the same token). X-Authorization is read first: it exists because proxies and basic-auth
 * protected stagings rewrite Authorization, and nothing rewrites X-Authorization. A header that holds
 * another scheme (Basic …) is passed over.
 */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  for (const name of ['x-authorization', 'authorization']) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    const match = value ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value) : null;
    if (match?.[1]) return match[1];
  }
  return undefined;
}
