import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isCalendarDate } from '../../../domain/invoice.ts';
import type { PraemienplanRequest } from '../../../schemas/agencyAdmin.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import {
  addRewardPlanEntry,
  deleteRewardPlanEntry,
  listRewardPlan,
  type RewardPlanDeps,
} from './rewardPlan.ts';

const bearer = [{ bearer: [] }];
const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const entrySchema = {
  type: 'object',
  required: ['Id', 'ProduktId', 'Produkt', 'ProvisionCent', 'GueltigAb', 'GueltigBis'],
  properties: {
    Id: { type: 'string' },
    ProduktId: { type: 'string' },
    Produkt: { type: ['string', 'null'], description: 'The product’s name in the mandant’s catalogue.' },
    ProvisionCent: { type: 'integer', description: 'The agency’s commission per order, in cents.' },
    GueltigAb: { type: 'string', description: 'YYYY-MM-DD.' },
    GueltigBis: { type: ['string', 'null'], description: 'YYYY-MM-DD; null: open-ended.' },
  },
} as const;

const requestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ProduktId', 'ProvisionCent', 'GueltigAb'],
  properties: {
    ProduktId: {
      anyOf: [
        { type: 'string', minLength: 1, maxLength: 64 },
        { type: 'integer', minimum: 0 },
      ],
      description: 'The product’s Id or ExterneId in the mandant’s catalogue.',
    },
    ProvisionCent: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    GueltigAb: { type: 'string', pattern: DATE_PATTERN },
    GueltigBis: { type: ['string', 'null'], pattern: DATE_PATTERN },
  },
} as const;

const READ =
  'Access: an agency token (owner, inactive owner or employee: ability rewardPlan), else 401/403 PSOF0600.';
const CHANGE =
  'Access: an agency token of the owner or inactive owner (SPEC 6: abilities rewardPlanAdd / rewardPlanDelete); an employee gets 403 PSOF0600.';

function deps(app: FastifyInstance, mandantId: string): RewardPlanDeps {
  return { db: app.database.kysely, catalogue: app.productCatalogues.get(mandantId) };
}

/** SPEC 6 "reward plan": what each product earns the caller's agency. */
export const rewardPlanRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams }>(
    '/:mandant/agentur/praemienplan',
    {
      onRequest: app.authenticateAgency('rewardPlan'),
      schema: {
        tags: ['agency'],
        summary: 'The agency’s reward plan with the products’ names',
        description: READ,
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: entrySchema }, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const agency = agencyOf(request);
      return listRewardPlan(deps(app, mandant.id), agency);
    },
  );

  app.post<{ Params: MandantParams; Body: PraemienplanRequest }>(
    '/:mandant/agentur/praemienplan',
    {
      onRequest: app.authenticateAgency('rewardPlanAdd'),
      schema: {
        tags: ['agency'],
        summary: 'Add a product to the reward plan',
        description: `${CHANGE} Unknown product: 422 PSOF0640; GueltigBis before GueltigAb: 422 PSOF0642; a period overlapping another entry of the product: 409 PSOF0641; malformed body: 400 PSOF0013.`,
        security: bearer,
        params: mandantParamsSchema,
        body: requestSchema,
        response: { 201: entrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const agency = agencyOf(request);
      const { GueltigAb, GueltigBis } = request.body;
      const badDates = [
        ...(isCalendarDate(GueltigAb) ? [] : [{ pointer: '/GueltigAb', reason: 'not a calendar day' }]),
        ...(GueltigBis == null || isCalendarDate(GueltigBis)
          ? []
          : [{ pointer: '/GueltigBis', reason: 'not a calendar day' }]),
      ];
      if (badDates.length > 0) throw new ApiProblem('PSOF0013', badDates);
      const entry = await addRewardPlanEntry(deps(app, mandant.id), agency, request.body);
      request.log.info(
        { mandant: mandant.id, agency: agency.agencyId, entry: entry.Id },
        'reward plan entry added',
      );
      return reply.code(201).send(entry);
    },
  );

  app.delete<{ Params: MandantParams & { id: string } }>(
    '/:mandant/agentur/praemienplan/:id',
    {
      onRequest: app.authenticateAgency('rewardPlanDelete'),
      schema: {
        tags: ['agency'],
        summary: 'Delete an entry of the reward plan',
        description: `${CHANGE} An entry that is not the agency’s own: 404 PSOF0601.`,
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: { ...mandantParamsSchema.properties, id: { type: 'string' } },
        },
        response: { 204: { type: 'null', description: 'Deleted.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const agency = agencyOf(request);
      if (!UUID.test(request.params.id)) throw new ApiProblem('PSOF0601');
      await deleteRewardPlanEntry(app.database.kysely, agency, request.params.id);
      request.log.info(
        { mandant: mandant.id, agency: agency.agencyId, entry: request.params.id },
        'reward plan entry deleted',
      );
      return reply.code(204).send();
    },
  );
};
