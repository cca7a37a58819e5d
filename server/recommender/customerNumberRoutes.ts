import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { KundennummerErgebnis } from '../../schemas/personalArea.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { errorResponses, type MandantParams, requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { type RewardAccess, resolveRewardAccess } from '../rewards/rewardAccess.ts';
import { UUID_PATTERN } from '../rewards/rewardSchemas.ts';
import { rateLimitDeps, recommenderServiceDeps, rewardAccessDeps } from './personalAreaDeps.ts';
import { limitPerAccount } from './personalAreaLimits.ts';
import { customerNumberResponseSchema } from './recommenderSchemas.ts';
import { createRecommenderService } from './recommenderService.ts';

const bearer = [{ bearer: [] }];
const AUTH =
  'SPEC 6: customer-number paths use the reward link’s token (praemierungstoken) — that reward. A logged-in recommender names the reward with `?praemierung=` (default: their newest). No token: 401 PSOF0310; another person’s reward: 404 PSOF0410.';

const querySchema = {
  type: 'object',
  properties: { praemierung: { type: 'string', pattern: UUID_PATTERN } },
} as const;

interface Query {
  praemierung?: string;
}

/** The caller of a customer-number path; none at all is 401 PSOF0310. */
async function accessOf(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: MandantParams; Querystring: Query }>,
  mandant: LoadedMandant,
): Promise<RewardAccess> {
  const access = await resolveRewardAccess(rewardAccessDeps(app), request, mandant, { allowCollected: true });
  if (!access) throw new ApiProblem('PSOF0310');
  return access;
}

/**
 * SPEC section 7: the customer number (KundenNummer) a reward is credited to — GET
 * /empfehler/GetResultFromKundennummer/ and PUT /empfehler/SetKundennummerForEmpfehler/{kundennummer}.
 */
export const customerNumberRoutes: FastifyPluginAsync = async (app) => {
  const service = createRecommenderService(recommenderServiceDeps(app));

  app.get<{ Params: MandantParams; Querystring: Query }>(
    '/:mandant/empfehler/GetResultFromKundennummer',
    {
      schema: {
        tags: ['recommender'],
        summary: 'The customer number stored for the reward (null when none)',
        description: AUTH,
        security: bearer,
        params: { type: 'object', required: ['mandant'], properties: { mandant: { type: 'string' } } },
        querystring: querySchema,
        response: { 200: customerNumberResponseSchema, ...errorResponses },
      },
    },
    async (request): Promise<KundennummerErgebnis> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const access = await accessOf(app, request, mandant);
      const record = await service.customerNumberReward(access, request.query.praemierung);
      return { Kundennummer: record.kundennummer, PraemierungId: record.id };
    },
  );

  app.put<{ Params: MandantParams & { id: string }; Querystring: Query }>(
    '/:mandant/empfehler/SetKundennummerForEmpfehler/:id',
    {
      schema: {
        tags: ['recommender'],
        summary: 'Store the customer number {id} for the reward',
        description: `${AUTH} Not a customer number (4–20 letters, digits, dashes): 422 PSOF0248. Rate-limited.`,
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: { mandant: { type: 'string' }, id: { type: 'string', maxLength: 40 } },
        },
        querystring: querySchema,
        response: { 200: customerNumberResponseSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<KundennummerErgebnis> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const access = await accessOf(app, request, mandant);
      const record = await service.customerNumberReward(access, request.query.praemierung);
      await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, record.id, 'changePerAccount');
      const answer = await service.storeCustomerNumber(mandant.id, record, request.params.id);
      request.log.info({ mandant: mandant.id, praemierung: record.id }, 'customer number stored');
      return answer;
    },
  );
};
