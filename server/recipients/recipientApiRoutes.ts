import type { FastifyPluginAsync } from 'fastify';
import { recipientRoutes } from './recipientRoutes.ts';
import { recommendationViewRoutes } from './recommendationViewRoutes.ts';
import { trackingRoutes } from './trackingRoutes.ts';

/** SPEC section 7, the recipient's side of a recommendation (below /api/v1). */
export const recipientApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(recommendationViewRoutes);
  await app.register(recipientRoutes);
  await app.register(trackingRoutes);
};
