import type { FastifyPluginAsync } from 'fastify';
import { backofficeAgencyRoutes } from './agencies/agencyRoutes.ts';
import { auditRoutes } from './audit/auditRoutes.ts';
import { figuresRoutes } from './figures/figuresRoutes.ts';
import { integrationKeyRoutes } from './integrationKeys/integrationKeyRoutes.ts';
import { backofficeLoginRoutes } from './login/backofficeLoginRoutes.ts';
import { backofficeOrderRoutes } from './orders/backofficeOrderRoutes.ts';
import { backofficePayoutRoutes } from './payouts/backofficePayoutRoutes.ts';
import { backofficeProfiRoutes } from './profi/profiSellerRoutes.ts';
import { settingsRoutes } from './settings/settingsRoutes.ts';
import { backofficeSsoRoutes } from './sso/backofficeSsoRoutes.ts';
import { backofficeStaffRoutes } from './staff/staffRoutes.ts';
import { supportRoutes } from './support/supportRoutes.ts';
import { webhookEndpointRoutes } from './webhooks/webhookEndpointRoutes.ts';

/**
 * Every back-office route (issue 15), one module per feature folder. Each route is behind
 * `app.authenticateBackoffice(ability)` except the sign-in; the role matrix test
 * (tests/server/backofficeRoleMatrix.test.ts) needs a row for every route added here.
 */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(backofficeLoginRoutes);
  await app.register(backofficeSsoRoutes);
  await app.register(backofficeOrderRoutes);
  await app.register(figuresRoutes);
  await app.register(supportRoutes);
  await app.register(backofficeAgencyRoutes);
  await app.register(backofficeProfiRoutes);
  await app.register(backofficePayoutRoutes);
  await app.register(integrationKeyRoutes);
  await app.register(webhookEndpointRoutes);
  await app.register(backofficeStaffRoutes);
  await app.register(auditRoutes);
  await app.register(settingsRoutes);
};
