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
