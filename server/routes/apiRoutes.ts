import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/accountRoutes.ts';
import { configRoutes } from './config/configRoutes.ts';
import { contentRoutes } from './content/contentRoutes.ts';
import { docsRoutes } from './docs/docsRoutes.ts';
import { healthRoutes } from './health/healthRoutes.ts';
import { tokenRoutes } from './token/tokenRoutes.ts';

/** Every API area, one module each (SPEC section 7). Areas of later issues register here too. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(configRoutes, { prefix: '/v1' });
  await app.register(contentRoutes, { prefix: '/v1' });
  await app.register(accountRoutes, { prefix: '/v1' });
  await app.register(tokenRoutes, { prefix: '/v1' });
  await app.register(healthRoutes);
  await app.register(docsRoutes);
};
