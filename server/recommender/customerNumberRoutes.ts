import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { checkKundennummer, type KundennummerErgebnis } from '../../schemas/personalArea.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { errorResponses, type MandantParams, requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { resolveRewardAccess } from '../rewards/rewardAccess.ts';
import { UUID_PATTERN } from '../rewards/rewardSchemas.ts';
import {
  findById,
  findOwned,
  listOwned,
  type RewardRecord,
  setCustomerNumber,
} from '../rewards/rewardStore.ts';
import { rewardAccessDeps } from './personalAreaDeps.ts';
import { limitPerAccount } from './personalAreaLimits.ts';
import { customerNumberResponseSchema } from './recommenderSchemas.ts';

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

/** The reward whose customer number the caller may read and set. */
async function rewardOf(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: MandantParams; Querystring: Query }>,
  mandant: LoadedMandant,
): Promise<RewardRecord> {
  const access = await resolveRewardAccess(rewardAccessDeps(app), request, mandant, { allowCollected: true });
  if (!access) throw new ApiProblem('PSOF0310');
  const db = app.database.kysely;
  if (access.kind === 'token') return access.reward;
  const wanted = request.query.praemierung;
  const record = wanted ? await findOwned(db, access.owner, wanted) : (await listOwned(db, access.owner))[0];
  if (!record) throw new ApiProblem('PSOF0410');
  return record;
}

/**
 * SPEC section 7: the customer number (KundenNummer) a reward is credited to — GET
 * /empfehler/GetResultFromKundennummer/ and PUT /empfehler/SetKundennummerForEmpfehler/{kundennummer}.
 */
export const customerNumberRoutes: FastifyPluginAsync = async (app) => {
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
      const record = await rewardOf(app, request, mandant);
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
      const record = await rewardOf(app, request, mandant);
      await limitPerAccount(app, request, reply, mandant.id, record.id, 'changePerAccount');
      const value = request.params.id.trim();
      if (checkKundennummer(value) !== null) {
        throw new ApiProblem('PSOF0248', [{ pointer: '/id', reason: '4–20 letters, digits or dashes' }]);
      }
      await setCustomerNumber(app.database.kysely, mandant.id, record.id, value);
      const updated = await findById(app.database.kysely, mandant.id, record.id);
      request.log.info({ mandant: mandant.id, praemierung: record.id }, 'customer number stored');
      return { Kundennummer: updated?.kundennummer ?? value, PraemierungId: record.id };
    },
  );
};
