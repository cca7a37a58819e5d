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
    url: withoutSecrets(request.url),
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
