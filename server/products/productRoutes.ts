import type { FastifyPluginAsync } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import { maxActiveReward } from '../../domain/rewards.ts';
import type { ProductListQuery, Quelle } from '../../schemas/products.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
} from '../http/mandantParam.ts';
import { agentRoutes } from './agentRoutes.ts';
import { productContext, productId, productKinds } from './productContext.ts';
import { productImageRoutes } from './productImageRoutes.ts';
import {
  categoryListSchema,
  idParamsSchema,
  manufacturerListSchema,
  manufacturerQuerySchema,
  maxRewardSchema,
  offerListSchema,
  productListQuerySchema,
  productOrAgentListSchema,
  productOrAgentSchema,
  productQuerySchema,
} from './productSchemas.ts';
import { requireSource } from './productSource.ts';

type IdParams = MandantParams & { id: string };
const tags = ['products'];

/**
 * SPEC section 7, Products: categories, product lists and single products of the mandant's product source
 * (data-driven catalogue, agent list or generic products), the highest active reward and the
 * manufacturer filter. Read-only answers from memory; they may be cached briefly.
 */
export const productRoutes: FastifyPluginAsync = async (app) => {
  // Before the app-wide onSend hook, which marks API answers without a cache policy no-store; errors stay so.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode === 200) reply.header('cache-control', CONFIG_CACHE_CONTROL);
    return payload;
  });

  app.get<{ Params: MandantParams }>(
    '/:mandant/produktkategorie',
    {
      schema: {
        tags,
        summary: 'Product category pages, by Position (data-driven only)',
        params: mandantParamsSchema,
        response: { 200: categoryListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      requireSource(source, 'data-driven');
      return catalogue.categories;
    },
  );

  app.get<{ Params: MandantParams; Querystring: ProductListQuery }>(
    '/:mandant/produkt',
    {
      schema: {
        tags,
        summary: 'Products of the mandant; for the catalogue filtered by quelle, kategorie, tarifId …',
        description:
          'Products 637, 638, 639 and 640 are never listed. An unknown kategorie: 404 PSOF0101. An agent-list mandant answers its agents.',
        params: mandantParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productOrAgentListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      const query = request.query;
      if (source === 'agent list') return catalogue.agents;
      if (query.kategorie !== undefined && !catalogue.isKnownKategorie(query.kategorie, query.quelle))
        throw new ApiProblem('PSOF0101');
      return source === 'generic' ? catalogue.generic : catalogue.list(query);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/produkt/maxpraemiewert',
    {
      schema: {
        tags,
        summary: 'The highest reward active today over all listed products (SPEC 4)',
        params: mandantParamsSchema,
        response: { 200: maxRewardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { catalogue } = productContext(app.mandants, app.productCatalogues, request.params.mandant);
      const best = maxActiveReward(catalogue.rewards(), wireDateTime(new Date()));
      return { WertCent: best?.WertCent ?? null, Wert: best?.Wert ?? null };
    },
  );

  app.get<{ Params: MandantParams; Querystring: { kategorie: string } }>(
    '/:mandant/produkt/hersteller',
    {
      schema: {
        tags,
        summary: 'Manufacturers of the devices of one kategorie, for the manufacturer filter',
        description: "A kategorie no device category uses: 404 PSOF0101 ('404 - Unknown category').",
        params: mandantParamsSchema,
        querystring: manufacturerQuerySchema,
        response: { 200: manufacturerListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      requireSource(source, 'data-driven');
      const { kategorie } = request.query;
      if (!catalogue.isKnownKategorie(kategorie, 'mobilfunk')) throw new ApiProblem('PSOF0101');
      return catalogue.manufacturers(kategorie);
    },
  );

  app.get<{ Params: IdParams }>(
    '/:mandant/produkt/handytarife/:id',
    {
      schema: {
        tags,
        summary: 'Every tariff offered with one device (HandyId)',
        params: idParamsSchema,
        response: { 200: offerListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      requireSource(source, 'data-driven');
      const offers = catalogue.tariffsForDevice(productId(request.params.id));
      if (offers.length === 0) throw new ApiProblem('PSOF0110');
      return offers;
    },
  );

  app.get<{ Params: IdParams }>(
    '/:mandant/produkt/extern/:id',
    {
      schema: {
        tags,
        summary: 'One product (or agent) by its ExterneId',
        params: idParamsSchema,
        response: { 200: productOrAgentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      const { id } = request.params;
      if (source === 'agent list') return catalogue.agent(id) ?? notFound('PSOF0111');
      return catalogue.byExterneId(id, productKinds(source)) ?? notFound('PSOF0110');
    },
  );

  app.get<{ Params: IdParams; Querystring: { quelle?: Quelle; handyId?: number } }>(
    '/:mandant/produkt/:id',
    {
      schema: {
        tags,
        summary:
          'One product by Id; with quelle=mobilfunk&handyId= the offer of tariff {id} with that device',
        description:
          'An agent-list mandant answers the agent with ExterneId {id} (SPEC 7: GET Produkt/{id}).',
        params: idParamsSchema,
        querystring: productQuerySchema,
        response: { 200: productOrAgentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      const { quelle, handyId } = request.query;
      if (source === 'agent list') return catalogue.agent(request.params.id) ?? notFound('PSOF0111');
      const id = productId(request.params.id);
      if (handyId !== undefined && source === 'data-driven') {
        if (quelle === 'festnetz') throw new ApiProblem('PSOF0110');
        return catalogue.offer(id, handyId) ?? notFound('PSOF0110');
      }
      return catalogue.product(id, productKinds(source, quelle)) ?? notFound('PSOF0110');
    },
  );

  await app.register(agentRoutes);
  await app.register(productImageRoutes);
};

function notFound(code: 'PSOF0110' | 'PSOF0111'): never {
  throw new ApiProblem(code);
}
