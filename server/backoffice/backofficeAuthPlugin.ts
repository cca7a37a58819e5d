import type { FastifyRequest } from 'fastify';
import {
  type BackofficeAbility,
  type BackofficeRole,
  backofficeAbilitiesOf,
  backofficeRolesWith,
} from '../../domain/backofficeAbilities.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { AuthenticateHook } from '../plugins/authPlugin.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import type { AuditActor } from './audit/auditLog.ts';
import { endedByPasswordChange, findBackofficeUserById } from './backofficeUsers.ts';

/** The back-office user behind a request, as `app.authenticateBackoffice` found it. */
export interface BackofficePrincipal {
  userId: string;
  mandantId: string;
  email: string;
  name: string;
  roles: BackofficeRole[];
  abilities: BackofficeAbility[];
  /** For `recordAudit`. */
  actor: AuditActor;
}

/** A back-office route as registered: method, URL and the ability its hook checks. */
export interface BackofficeRoute {
  method: string;
  url: string;
  ability: BackofficeAbility | 'any';
}

const ABILITY = Symbol('backofficeAbility');
type BackofficeHook = AuthenticateHook & { [ABILITY]?: BackofficeAbility | 'any' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route behind `authenticateBackoffice`, with its ability: the role matrix test walks this list. */
    backofficeRoutes: readonly BackofficeRoute[];
    /**
     * The hook of every `backoffice/*` route (issue 15): a valid back-office token of the path's mandant,
     * a user who is still active and whose password has not changed since, and a role with `ability`
     * (else 403 PSOF0700). Sets `request.backoffice`; every query of the route is then scoped by
     * `request.backoffice.mandantId`.
     */
    authenticateBackoffice(ability: BackofficeAbility | 'any'): AuthenticateHook;
  }
  interface FastifyRequest {
    /** Set by `app.authenticateBackoffice(…)`; null on other routes. */
    backoffice: BackofficePrincipal | null;
  }
}

export const backofficeAuthPlugin = globalPlugin('backofficeAuth', async (app) => {
  const backofficeToken = app.authenticate('backoffice');
  const routes: BackofficeRoute[] = [];
  app.decorate('backofficeRoutes', routes);
  app.decorateRequest('backoffice', null);
  // Lists the routes and writes their access rule into the API document from the hook itself.
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat() as BackofficeHook[];
    const ability = hooks.find((hook) => hook[ABILITY])?.[ABILITY];
    if (!ability) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ability });
    if (route.schema) {
      const rule =
        ability === 'any'
          ? 'Access: any active back-office user of this mandant.'
          : `Access: back-office users whose role has the ability "${ability}" (${backofficeRolesWith(ability).join(', ')}); others 403 PSOF0700.`;
      route.schema.description = [route.schema.description, rule].filter(Boolean).join(' ');
      route.schema.security ??= [{ bearer: [] }];
    }
  });
  app.decorate('authenticateBackoffice', (ability: BackofficeAbility | 'any'): AuthenticateHook => {
    const hook: BackofficeHook = async (request: FastifyRequest) => {
      await backofficeToken(request);
      const claims = request.principal?.claims;
      if (!claims) throw new ApiProblem('PSOF0204');
      const user = await findBackofficeUserById(app.database.kysely, claims.mnd, claims.sub);
      // Gone, deactivated, or the password changed since the token: the session ends.
      if (user?.status !== 'active' || endedByPasswordChange(user, claims.iat)) {
        throw new ApiProblem('PSOF0204');
      }
      const abilities = backofficeAbilitiesOf(user.roles);
      if (ability !== 'any' && !abilities.includes(ability)) throw new ApiProblem('PSOF0700');
      request.backoffice = {
        userId: user.id,
        mandantId: user.mandantId,
        email: user.email,
        name: user.name,
        roles: user.roles,
        abilities,
        actor: { id: user.id, email: user.email },
      };
    };
    hook[ABILITY] = ability;
    return hook;
  });
});

/** The back-office principal of a route behind `app.authenticateBackoffice` (a programming error otherwise). */
export function backofficeOf(request: FastifyRequest): BackofficePrincipal {
  if (!request.backoffice) throw new Error('route is not behind app.authenticateBackoffice');
  return request.backoffice;
}
