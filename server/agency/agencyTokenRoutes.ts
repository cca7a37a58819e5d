import type { FastifyPluginAsync } from 'fastify';
import type { AgencyTokenResponse } from '../../schemas/account.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { ref } from '../http/apiSchemas.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { agencyTokenResponse } from './agencyTokenResponse.ts';
import { endedByPasswordChange } from './agencyUserRepository.ts';

/** SPEC section 7, Account: `GET token/verifyAgenturToken?t=` — the agency user behind an agency token. */
export const agencyTokenRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams; Querystring: { t: string } }>(
    '/:mandant/token/verifyAgenturToken',
    {
      schema: {
        tags: ['account'],
        summary: 'Check an agency token and name its agency user',
        description:
          'Invalid, expired, revoked, a recommender token, another mandant’s token, a user who is gone or blocked, or a token issued before the user’s last password change: 401 PSOF0204.',
        params: mandantParamsSchema,
        querystring: {
          type: 'object',
          required: ['t'],
          properties: { t: { type: 'string', minLength: 1, maxLength: 4096 } },
        },
        response: { 200: ref('AgencyTokenResponse'), ...errorResponses },
      },
    },
    async (request): Promise<AgencyTokenResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const token = request.query.t;
      const claims = await app.sessionTokens.verify(token, mandant.id);
      const user =
        claims?.kind === 'agency'
          ? await app.agencyUserRepository.findById(mandant.id, claims.sub)
          : undefined;
      if (!claims || user?.status !== 'active' || endedByPasswordChange(user, claims.iat)) {
        throw new ApiProblem('PSOF0204');
      }
      return agencyTokenResponse(app, token, user);
    },
  );
};
