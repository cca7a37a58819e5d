import type { FastifyPluginAsync } from 'fastify';
import { errorResponses, type MandantParams, mandantParamsSchema } from '../http/mandantParam.ts';
import { productContext } from './productContext.ts';
import { agentListSchema, agentSearchQuerySchema, agentSearchResultSchema } from './productSchemas.ts';
import { requireSource } from './productSource.ts';
import { searchAgents } from './searchAgents.ts';

interface AgentSearchQuery {
  query: string;
  page: number;
  pagesize: number;
}

const tags = ['products'];

/** SPEC section 7: the agent list of a mandant with produktApi 'agent list' (search, paging, all agents). */
export const agentRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams; Querystring: AgentSearchQuery }>(
    '/:mandant/produkt/berater',
    {
      schema: {
        tags,
        summary: 'Search agents by name, post code or city; one page (default page 1, size 6)',
        description: 'A page after the last is empty. Not an agent-list mandant: 404 PSOF0112.',
        params: mandantParamsSchema,
        querystring: agentSearchQuerySchema,
        response: { 200: agentSearchResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      requireSource(source, 'agent list');
      const { query, page, pagesize } = request.query;
      return searchAgents(catalogue.agents, query, page, pagesize);
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/produkt/agents',
    {
      schema: {
        tags,
        summary: 'Every agent, ordered by last name',
        params: mandantParamsSchema,
        response: { 200: agentListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, catalogue } = productContext(
        app.mandants,
        app.productCatalogues,
        request.params.mandant,
      );
      requireSource(source, 'agent list');
      return catalogue.agents;
    },
  );
};
