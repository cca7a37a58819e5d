import type { FastifyRequest } from 'fastify';
import { type AgencyAbility, abilitiesOf, hasAbility } from '../../domain/agencyAbilities.ts';
import type { AgencyRole } from '../../schemas/account.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { AuthenticateHook } from '../plugins/authPlugin.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';
import { endedByPasswordChange } from './agencyUserRepository.ts';

/** The agency user behind a request, as `app.authenticateAgency` found it. */
export interface AgencyPrincipal {
  userId: string;
  mandantId: string;
  agencyId: string;
  roles: AgencyRole[];
  abilities: AgencyAbility[];
  email: string;
  name: string;
  mitarbeiternummer: string | null;
}

/** An agency route as registered: method, URL and the ability its hook checks. */
export interface AgencyRoute {
  method: string;
  url: string;
  ability: AgencyAbility | 'any';
}

/** Marks the hooks made by `authenticateAgency`, so the routes behind them can be listed (agencyRoutes). */
const ABILITY = Symbol('agencyAbility');
type AgencyHook = AuthenticateHook & { [ABILITY]?: AgencyAbility | 'any' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route behind `authenticateAgency`, with its ability: the role matrix test walks this list. */
    agencyRoutes: readonly AgencyRoute[];
    /**
     * The hook of every `agentur/*` and `Einladung` route (SPEC 6): a valid agency token of the path's
     * mandant (as `authenticate('agency')`), a user who is active and works for an agency, and a role that
     * has `ability` (else 403 PSOF0600). Sets `request.agency`; every query of the route is then scoped by
     * `request.agency.mandantId` and `request.agency.agencyId`.
     */
    authenticateAgency(ability: AgencyAbility | 'any'): AuthenticateHook;
  }
  interface FastifyRequest {
    /** Set by `app.authenticateAgency(…)`; null on other routes. */
    agency: AgencyPrincipal | null;
  }
}

export const agencyAuthPlugin = globalPlugin('agencyAuth', async (app) => {
  const agencyToken = app.authenticate('agency');
  const routes: AgencyRoute[] = [];
  app.decorate('agencyRoutes', routes);
  app.decorateRequest('agency', null);
  // Lists the agency routes and states their access rule in the API document, from the hook itself, so
  // the description cannot drift from what is enforced.
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat() as AgencyHook[];
    const ability = hooks.find((hook) => hook[ABILITY])?.[ABILITY];
    if (!ability) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ability });
    if (route.schema) {
      const rule =
        ability === 'any'
          ? 'Access: any active agency user of this mandant.'
          : `Access: agency users whose role has the ability "${ability}" (SPEC 6: ${rolesWith(ability).join(', ')}); others 403 PSOF0600.`;
      route.schema.description = [route.schema.description, rule].filter(Boolean).join(' ');
      route.schema.security ??= [{ bearer: [] }];
    }
  });
  app.decorate('authenticateAgency', (ability: AgencyAbility | 'any'): AuthenticateHook => {
    const hook: AgencyHook = async (request: FastifyRequest) => {
      await agencyToken(request);
      const claims = request.principal?.claims;
      if (!claims) throw new ApiProblem('PSOF0204');
      const user = await app.agencyUserRepository.findById(claims.mnd, claims.sub);
      // Gone, deactivated or barred since the token was issued, or the password changed since: the session
      // ends (the runtime logs out).
      if (
        user?.status !== 'active' ||
        !user.agencyId ||
        user.agencyStatus !== 'active' ||
        endedByPasswordChange(user, claims.iat)
      ) {
        throw new ApiProblem('PSOF0204');
      }
      if (ability !== 'any' && !hasAbility(user.roles, ability)) throw new ApiProblem('PSOF0600');
      request.agency = {
        userId: user.id,
        mandantId: user.mandantId,
        agencyId: user.agencyId,
        roles: user.roles,
        abilities: abilitiesOf(user.roles),
        email: user.email,
        name: user.name,
        mitarbeiternummer: user.mitarbeiternummer,
      };
    };
    hook[ABILITY] = ability;
    return hook;
  });
});

function rolesWith(ability: AgencyAbility): AgencyRole[] {
  return (['owner', 'inactiveOwner', 'employee'] as const).filter((role) => hasAbility([role], ability));
}

/** The agency principal of a route behind `app.authenticateAgency` (a programming error otherwise). */
export function agencyOf(request: FastifyRequest): AgencyPrincipal {
  if (!request.agency) throw new Error('route is not behind app.authenticateAgency');
  return request.agency;
}
