import type { FastifyPluginAsync } from 'fastify';
import { backofficeLoginRoutes } from './login/backofficeLoginRoutes.ts';

/**
 * Every back-office route (issue 15), one module per feature folder. Each route is behind
 * `app.authenticateBackoffice(ability)` except the sign-in; the role matrix test
 * (tests/server/backofficeRoleMatrix.test.ts) needs a row for every route added here.
 */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(backofficeLoginRoutes);
};
