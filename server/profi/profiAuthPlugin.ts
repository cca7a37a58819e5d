import type { FastifyRequest } from 'fastify';
import { sessionAccount } from '../account/sessionAccount.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { markAccess } from '../http/routeAccess.ts';
import type { AuthenticateHook } from '../plugins/authPlugin.ts';
import { globalPlugin } from '../plugins/globalPlugin.ts';

/** The seller behind a request, as `app.authenticateProfi()` found them. */
export interface ProfiPrincipal {
  sellerId: string;
  accountId: string;
  mandantId: string;
  profinummer: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The hook of every `profi/*` route but the registration (issue 16): a valid recommender token of the
     * path's mandant (`authenticate('user')`: none 401 PSOF0210, invalid 401 PSOF0204, another kind 403
     * PSOF0202), an account that is still active (else 401 PSOF0204, as every recommender route), and an
     * active `profi_seller` row of that account in the mandant (else 403 PSOF0940). Sets `request.profi`;
     * every query of the route is then scoped by `request.profi.mandantId` and `request.profi.sellerId`.
     */
    authenticateProfi(): AuthenticateHook;
  }
  interface FastifyRequest {
    /** Set by `app.authenticateProfi()`; null on other routes. */
    profi: ProfiPrincipal | null;
  }
}

/** The one rule of the profi routes (docs/adr/0025): every active seller may use all of them. */
export const PROFI_ACCESS = { kind: 'profi', ability: 'any' } as const;

export const profiAuthPlugin = globalPlugin('profiAuth', async (app) => {
  const userToken = app.authenticate('user');
  app.decorateRequest('profi', null);
  const hook: AuthenticateHook = async (request: FastifyRequest) => {
    await userToken(request);
    if (!request.principal) throw new ApiProblem('PSOF0204');
    const account = await sessionAccount(app.accountRepository, request.principal);
    const seller = await app.database.kysely
      .selectFrom('profi_seller')
      .select(['id', 'profinummer', 'status'])
      .where('mandant_id', '=', account.mandantId)
      .where('account_id', '=', account.id)
      .executeTakeFirst();
    if (seller?.status !== 'active') throw new ApiProblem('PSOF0940');
    request.profi = {
      sellerId: seller.id,
      accountId: account.id,
      mandantId: account.mandantId,
      profinummer: seller.profinummer,
    };
  };
  markAccess(hook, PROFI_ACCESS);
  app.decorate('authenticateProfi', (): AuthenticateHook => hook);
});

/** The seller of a route behind `app.authenticateProfi()` (a programming error otherwise). */
export function profiOf(request: FastifyRequest): ProfiPrincipal {
  if (!request.profi) throw new Error('route is not behind app.authenticateProfi');
  return request.profi;
}
