import { BlockList, isIP } from 'node:net';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { MandantConfig } from '../../schemas/api.ts';

export type SecurityHeaders = Record<string, string>;

/**
 * Headers for every response of a mandant's host. The CSP allows no inline or eval'd script (form
 * validators are precompiled, DESIGN "Front-end budget"); boot data is a JSON data block, which CSP does
 * not treat as script. Framing is denied unless the mandant embeds the app (ModuleIntegratedFrame): then
 * its own site (MandantUrl) and `frameAncestors` may frame it. Consented trackers need their origin for
 * the tracker script and its hits. Unknown hosts get the strictest variant.
 */
export function securityHeaders(config: MandantConfig | undefined): SecurityHeaders {
  const framing = config?.ModuleIntegratedFrame ? frameAncestors(config) : ["'none'"];
  const trackers = uniqueOrigins((config?.trackings ?? []).map((tracking) => tracking.url));
  const directives = [
    "default-src 'self'",
    `script-src ${["'self'", ...trackers].join(' ')}`,
    "style-src 'self'",
    `img-src ${["'self'", 'data:', ...trackers].join(' ')}`,
    "font-src 'self'",
    `connect-src ${["'self'", ...trackers].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framing.join(' ')}`,
  ];
  const headers: SecurityHeaders = {
    'content-security-policy': directives.join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  // X-Frame-Options cannot name other origins; sending SAMEORIGIN would contradict frame-ancestors in the
  // browsers that still read it, so it is only sent when framing is denied altogether.
  if (framing[0] === "'none'") headers['x-frame-options'] = 'DENY';
  return headers;
}

/** A year, the least the HSTS preload list accepts; browsers then refuse plain HTTP to the host that long. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The Strict-Transport-Security value for an answer, or undefined when none is sent: only when HSTS is on
 * and the request came over HTTPS — a TLS socket, or `X-Forwarded-Proto: https` from a proxy TRUST_PROXY
 * trusts (Fastify's `request.protocol`). Over plain HTTP browsers ignore the header (RFC 6797, 8.1), and an
 * untrusted X-Forwarded-Proto proves nothing.
 */
export function strictTransportSecurity(
  settings: { enabled: boolean; includeSubDomains: boolean },
  protocol: string | undefined,
): string | undefined {
  if (!settings.enabled || protocol !== 'https') return undefined;
  return `max-age=${HSTS_MAX_AGE_SECONDS}${settings.includeSubDomains ? '; includeSubDomains' : ''}`;
}

/**
 * `request.protocol` for the early answers of Fastify's frameworkErrors, whose request is built without the
 * trustProxy logic (it only looks at the socket): X-Forwarded-Proto counts when the peer is a proxy that
 * `trustProxy` trusts (true, a hop count, addresses/CIDRs, or a function), as Fastify judges it elsewhere.
 */
export function earlyRequestProtocol(
  request: Pick<FastifyRequest, 'headers' | 'raw'>,
  trustProxy: FastifyServerOptions['trustProxy'],
): string {
  const socket = request.raw.socket as { encrypted?: boolean; remoteAddress?: string } | undefined;
  const forwarded = request.headers['x-forwarded-proto'];
  const peer = socket?.remoteAddress ?? '';
  if (typeof forwarded === 'string' && isTrustedPeer(peer, trustProxy)) {
    return forwarded.split(',').at(-1)?.trim() ?? '';
  }
  return socket?.encrypted ? 'https' : 'http';
}

function isTrustedPeer(address: string, trustProxy: FastifyServerOptions['trustProxy']): boolean {
  if (trustProxy === true) return true;
  if (typeof trustProxy === 'number') return trustProxy > 0;
  if (typeof trustProxy === 'function') return trustProxy(address, 0);
  if (typeof trustProxy !== 'string' && !Array.isArray(trustProxy)) return false;
  const entries = typeof trustProxy === 'string' ? trustProxy.split(',') : trustProxy;
  const list = new BlockList();
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  for (const entry of entries.map((value) => value.trim())) {
    const [base = '', bits] = entry.split('/');
    const family = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(base) === 0) continue;
    if (bits === undefined) list.addAddress(base, family);
    else list.addSubnet(base, Number(bits), family);
  }
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return isIP(plain) !== 0 && list.check(plain, family);
}

function frameAncestors(config: MandantConfig): string[] {
  return [
    "'self'",
    ...uniqueOrigins([config.MandantUrl]),
    ...config.frameAncestors.filter(isSourceExpression),
  ];
}

function uniqueOrigins(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // Not a URL (e.g. MandantUrl left empty): nothing to allow.
    }
  }
  return [...origins];
}

/** The schema already forbids separators; this keeps a header injection out even if it changes. */
function isSourceExpression(value: string): boolean {
  return /^https?:\/\/[^\s;,']+$/.test(value);
}
