import type { MandantConfig } from '../../schemas/api.ts';
import { isApiPath } from '../http/isApiPath.ts';
import { type SecurityHeaders, securityHeaders, strictTransportSecurity } from '../http/securityHeaders.ts';
import { globalPlugin } from './globalPlugin.ts';

/**
 * Adds the security headers of the request host's mandant to every response (errors and 404s included,
 * hence onSend), Strict-Transport-Security to answers over HTTPS (HSTS, on by default), and
 * `Cache-Control: no-store` to API answers that did not choose a cache policy.
 */
export const securityHeadersPlugin = globalPlugin('securityHeaders', async (app) => {
  const cache = new Map<MandantConfig | undefined, SecurityHeaders>();
  const headersFor = (config: MandantConfig | undefined): SecurityHeaders => {
    let headers = cache.get(config);
    if (!headers) {
      headers = securityHeaders(config);
      cache.set(config, headers);
    }
    return headers;
  };

  // A callback hook, like emptyBodyPlugin's: no promise per response on the hot path.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headersFor(app.mandants.forHost(request.host)?.config));
    const hsts = strictTransportSecurity(app.config.hsts, request.protocol);
    if (hsts) reply.header('strict-transport-security', hsts);
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
