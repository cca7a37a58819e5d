import type { FastifyPluginAsync } from 'fastify';
import { ref } from '../http/apiSchemas.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';

/** SPEC section 7, configuration: the mandant's public config, its default routes and additional routes. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams }>(
    '/mandant/:mandant',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Public configuration of a mandant, with its pages keyed by route name',
        params: mandantParamsSchema,
        response: { 200: ref('MandantResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return mandant.response;
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/route/default',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Offered languages and the path of every route name',
        params: mandantParamsSchema,
        response: { 200: ref('DefaultRoutesResponse'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return mandant.defaultRoutes;
    },
  );

  app.get<{ Params: MandantParams }>(
    '/:mandant/route/additional',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Further paths mapped to known route names',
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: ref('RouteEntry') }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return mandant.additionalRoutes;
    },
  );
};
