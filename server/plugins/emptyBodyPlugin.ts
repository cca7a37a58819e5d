import { globalPlugin } from './globalPlugin.ts';

/**
 * Zero bytes are no body, whatever Content-Type says. SPEC's bodiless calls (logout, the captcha checks
 * "with no body") come from axios, which sends `Content-Type: application/x-www-form-urlencoded` with
 * `Content-Length: 0` for `post(url, null)`; Fastify would refuse that with 415 (or 400 for JSON) before
 * the handler runs, so a logout would not revoke its token. Routes with a body schema still get their
 * 400 for a missing body.
 */
export const emptyBodyPlugin = globalPlugin('emptyBody', async (app) => {
  // A callback hook, not an async one: it runs on every request, the click redirect's hot path included,
  // and an async hook costs a promise and a microtask turn each time.
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (headers['content-length'] === '0' && headers['transfer-encoding'] === undefined) {
      delete headers['content-type'];
    }
    done();
  });
});
