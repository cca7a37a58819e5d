import type { FastifyRequest } from 'fastify';
import { type AgencyAbility, abilitiesOf, hasAbility } from '../../domain/agencyAbilities.ts';
import type { AgencyRole } from '../../schemas/account.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import type { AuthenticateHook } from '../plugins/authPlugin.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

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

declare module 'fastify' {
  interface FastifyInstance {
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
  app.decorateRequest('agency', null);
  app.decorate(
    'authenticateAgency',
    (ability: AgencyAbility | 'any'): AuthenticateHook =>
      async (request: FastifyRequest) => {
        await agencyToken(request);
        const claims = request.principal?.claims;
        if (!claims) throw new ApiProblem('PSOF0204');
        const user = await app.agencyUserRepository.findById(claims.mnd, claims.sub);
        // Gone, deactivated or barred since the token was issued: the session ends (the runtime logs out).
        if (user?.status !== 'active' || !user.agencyId) throw new ApiProblem('PSOF0204');
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
      },
  );
});

/** The agency principal of a route behind `app.authenticateAgency` (a programming error otherwise). */
export function agencyOf(request: FastifyRequest): AgencyPrincipal {
  if (!request.agency) throw new Error('route is not behind app.authenticateAgency');
  return request.agency;
}
