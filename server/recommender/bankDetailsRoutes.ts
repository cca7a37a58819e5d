import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BankdatenRequest } from '../../schemas/personalArea.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { resolveRewardAccess } from '../rewards/rewardAccess.ts';
import { accountOfReward } from '../rewards/rewardStore.ts';
import { deleteBankDetails, readBankDetails, storeBankDetails } from './bankDetails.ts';
import { bankDetailsDeps, rateLimitDeps, rewardAccessDeps } from './personalAreaDeps.ts';
import { limitPerAccount } from './personalAreaLimits.ts';
import { bankDetailsBodySchema, bankDetailsResponseSchema } from './recommenderSchemas.ts';

const bearer = [{ bearer: [] }];
const AUTH =
  'The logged-in recommender, or the holder of a reward link’s token (its recommender’s account). Neither: 401 PSOF0310 “Bitte verwenden Sie den Link aus Ihrer E-Mail.”';

/**
 * SPEC section 7: GET, PUT, DELETE /empfehler/bankdaten/ — the recommender's IBAN and account holder
 * (EmpfehlerBankdaten). The IBAN is encrypted at rest and only ever answered masked.
 */
export const bankDetailsRoutes: FastifyPluginAsync = async (app) => {
  /** The account whose bank data the caller may see and change. */
  async function bankDetailsOwner(
    request: FastifyRequest<{ Params: MandantParams }>,
    mandant: LoadedMandant,
  ) {
    const access = await resolveRewardAccess(rewardAccessDeps(app), request, mandant, {
      allowCollected: true,
    });
    if (!access) throw new ApiProblem('PSOF0310');
    if (access.kind === 'user') return access.account.id;
    // A reward link of someone who never had an account: there is no account to hold bank data.
    const accountId = await accountOfReward(app.database.kysely, access.reward);
    if (!accountId) throw new ApiProblem('PSOF0310');
    return accountId;
  }

  app.get<{ Params: MandantParams }>(
    '/:mandant/empfehler/bankdaten',
    {
      schema: {
        tags: ['recommender'],
        summary: 'The stored bank data (IBAN masked), or null when there is none',
        description: AUTH,
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: bankDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const accountId = await bankDetailsOwner(request, mandant);
      return readBankDetails(bankDetailsDeps(app), mandant.id, accountId);
    },
  );

  app.put<{ Params: MandantParams; Body: BankdatenRequest }>(
    '/:mandant/empfehler/bankdaten',
    {
      schema: {
        tags: ['recommender'],
        summary: 'Store IBAN and account holder; answers them with the IBAN masked',
        description: `${AUTH} Invalid IBAN: 422 PSOF0240; invalid account holder: 422 PSOF0241; a foreign IBAN with ModuleIBANNurDE: 422 PSOF0242; without ModuleStoringBankdata: 403 PSOF0243. Rate-limited per account.`,
        security: bearer,
        params: mandantParamsSchema,
        body: bankDetailsBodySchema,
        response: { 200: bankDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const accountId = await bankDetailsOwner(request, mandant);
      await limitPerAccount(rateLimitDeps(app), request, reply, mandant.id, accountId, 'changePerAccount');
      const stored = await storeBankDetails(bankDetailsDeps(app), mandant, accountId, request.body);
      request.log.info({ mandant: mandant.id, account: accountId }, 'bank data stored');
      return stored;
    },
  );

  app.delete<{ Params: MandantParams }>(
    '/:mandant/empfehler/bankdaten',
    {
      schema: {
        tags: ['recommender'],
        summary: 'Delete the stored bank data',
        description: AUTH,
        security: bearer,
        params: mandantParamsSchema,
        response: { 204: { type: 'null', description: 'Deleted (or there was none).' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const accountId = await bankDetailsOwner(request, mandant);
      await deleteBankDetails(bankDetailsDeps(app), mandant.id, accountId);
      request.log.info({ mandant: mandant.id, account: accountId }, 'bank data deleted');
      return reply.code(204).send();
    },
  );
};
