import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '../../schemas/api.ts';
import { errorMessage } from '../../schemas/errors.ts';
import { ref } from './apiSchemas.ts';
import { requestLanguage } from './requestLanguage.ts';

/** For load balancers and monitors: 200 when the database answers, else 503 PSOF0003. Any host. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: { 200: ref('HealthResponse'), 503: ref('HealthUnavailable') },
      },
    },
    async (request, reply) => {
      const mandants = app.mandants.size;
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        const unavailable: HealthResponse = { status: 'unavailable', database: 'unavailable', mandants };
        return reply.code(503).send({
          code: 'PSOF0003',
          message: errorMessage('PSOF0003', requestLanguage(request)),
          ...unavailable,
        });
      }
      const ok: HealthResponse = { status: 'ok', database: 'ok', mandants };
      return ok;
    },
  );
};
