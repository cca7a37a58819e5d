import { hkdfSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/bearerToken.ts';
import { loadServerSecret } from '../auth/loadServerSecret.ts';
import type { Principal } from '../auth/Principal.ts';
import { createPasswordHasher, type PasswordHasher } from '../auth/passwordHasher.ts';
import { createSessionTokens, type SessionTokens, type TokenKind } from '../auth/SessionTokens.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { requireMandant } from '../http/mandantParam.ts';
import { createRateLimiter } from '../rateLimit/createRateLimiter.ts';
import type { RateLimiter } from '../rateLimit/RateLimiter.ts';
import { RateLimitKeys } from '../rateLimit/RateLimitKeys.ts';
import { globalPlugin } from './globalPlugin.ts';

/** `onRequest` hook of a route that needs a session. */
export type AuthenticateHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    sessionTokens: SessionTokens;
    passwordHasher: PasswordHasher;
    rateLimiter: RateLimiter;
    rateLimitKeys: RateLimitKeys;
    /**
     * A hook that admits only requests with a valid token of the path's mandant and of `kind` ('any'
     * admits a recommender or an agency user, never a back-office token), and sets `request.principal`. No token → 401 PSOF0210; an invalid, expired, revoked
     * or other mandant's token → 401 PSOF0204 (the runtime logs out on it); the other kind of user →
     * 403 PSOF0202, which does not log out the user the runtime also holds.
     */
    authenticate(kind: TokenKind | 'any'): AuthenticateHook;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate(…)`; null on routes without it. */
    principal: Principal | null;
  }
}

/**
 * Sessions, password hashing and rate limits. The signing key is SESSION_SECRET or the one kept in the
 * database; the rate-limit key is derived from it so neither can be learned from the other.
 */
export const authPlugin = globalPlugin('auth', async (app) => {
  const db = app.database.kysely;
  const secret = await loadServerSecret(db, app.config.sessionSecret);
  const sessionTokens = createSessionTokens({ db, key: secret, ttlMinutes: app.config.sessionTtlMinutes });
  const rateLimitKey = new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), 'rate-limit-keys', 32));

  app.decorate('sessionTokens', sessionTokens);
  app.decorate('passwordHasher', await createPasswordHasher());
  app.decorate('rateLimiter', createRateLimiter(app));
  app.decorate('rateLimitKeys', new RateLimitKeys(rateLimitKey));
  app.decorateRequest('principal', null);
  app.decorate(
    'authenticate',
    (kind: TokenKind | 'any'): AuthenticateHook =>
      async (request) => {
        const { mandant: mandantParam } = request.params as { mandant?: string };
        // An unknown mandant is a wrong address (404), whatever the token.
        const mandant = requireMandant(app.mandants, mandantParam ?? '');
        const token = bearerToken(request.headers);
        if (!token) throw new ApiProblem('PSOF0210');
        const claims = await sessionTokens.verify(token, mandant.id);
        if (!claims) throw new ApiProblem('PSOF0204');
        // 'any' is a programme user of either kind; a back-office token opens back-office routes only.
        if (kind === 'any' ? claims.kind === 'backoffice' : claims.kind !== kind) {
          throw new ApiProblem('PSOF0202');
        }
        request.principal = { claims, token };
      },
  );
});
