import type { FastifyRequest } from 'fastify';

/**
 * Personal data never goes to logs (DESIGN "Data"): credentials are redacted wherever they appear, query
 * values are dropped (tokens travel in some of SPEC's query strings), and IP addresses are truncated.
 * Bodies are never logged: Fastify does not, and nothing here adds them.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-authorization"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["x-authorization"]',
  'headers.cookie',
];

export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: withoutPersonalSegments(withoutSecrets(request.url), request.routeOptions?.url),
    host: request.host,
    remoteAddress: truncateIp(request.ip),
  };
}

/** Link tokens in a path: invitations, set-password and reward links (base64url or hex, 24+ characters). */
const PATH_SECRET = /(?<=\/)[A-Za-z0-9_-]{24,}(?=\/|\?|$)/g;

/**
 * What a log may keep of a URL: the path with its link tokens masked (`/de/einladung/:secret`) and the
 * query's parameter names without their values.
 */
export function withoutSecrets(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(PATH_SECRET, ':secret');
  return at === -1 ? path : withoutQueryValues(`${path}${url.slice(at)}`);
}

/** A page slug or mandant id (`telko`, `agentur`, `de`) or an identifier with a digit (`4710000001`, `A-1001-00017`, `2026-05`). */
const PLAIN_SEGMENT = /^(?:[a-z][a-z0-9-]{0,39}|(?=[^/]*\d)[A-Za-z0-9._:~-]{1,40})$/;

/**
 * Path parameters are no place for personal data, but a client may put it there (an e-mail address or a
 * name where a number belongs): a path segment stays in the log only when it is a literal of the matched
 * route (`Einladung`, `Empfehlen`), a lower-case slug, an identifier with a digit, or already masked;
 * anything else becomes `:value` (issue 17's canary test sends e-mails and names through every parameter).
 */
export function withoutPersonalSegments(url: string, routePattern?: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const literals = new Set(
    (routePattern ?? '')
      .split('/')
      .filter((segment) => segment !== '' && !segment.startsWith(':') && !segment.includes('*'))
      .map((segment) => segment.toLowerCase()),
  );
  const masked = path
    .split('/')
    .map((segment) =>
      segment === '' ||
      segment === ':secret' ||
      PLAIN_SEGMENT.test(segment) ||
      literals.has(segment.toLowerCase())
        ? segment
        : ':value',
    )
    .join('/');
  return at === -1 ? masked : `${masked}${url.slice(at)}`;
}

/** `/x?token=abc&c=1` → `/x?token&c`: the parameter names help debugging, the values may be secrets. */
export function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0]);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** IPv4 keeps 24 bits, IPv6 48 bits: enough for abuse patterns, not enough to name a person. */
export function truncateIp(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const mapped = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0`;
  if (mapped.includes(':')) {
    const groups = mapped.split('::')[0]?.split(':').filter(Boolean) ?? [];
    return `${groups.slice(0, 3).join(':')}::`;
  }
  return undefined;
}
