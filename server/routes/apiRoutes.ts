import type { FastifyPluginAsync } from 'fastify';
import { captchaRoutes } from '../captcha/captchaRoutes.ts';
import { accountRoutes } from './account/accountRoutes.ts';
import { configRoutes } from './config/configRoutes.ts';
import { contactRoutes } from './contact/contactRoutes.ts';
import { contentRoutes } from './content/contentRoutes.ts';
import { docsRoutes } from './docs/docsRoutes.ts';
import { personalAreaRoutes } from './empfehler/personalAreaRoutes.ts';
import { recommendationReportRoutes } from './empfehler/recommendationReportRoutes.ts';
import { healthRoutes } from './health/healthRoutes.ts';
import { integrationRoutes } from './integration/integrationRoutes.ts';
import { productRoutes } from './products/productRoutes.ts';
import { recipientApiRoutes } from './recipient/recipientApiRoutes.ts';
import { recommendAreaRoutes } from './recommend/recommendAreaRoutes.ts';
import { tokenRoutes } from './token/tokenRoutes.ts';

/** Every API area, one module each (SPEC section 7). Areas of later issues register here too. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(configRoutes, { prefix: '/v1' });
  await app.register(contentRoutes, { prefix: '/v1' });
  await app.register(contactRoutes, { prefix: '/v1' });
  await app.register(accountRoutes, { prefix: '/v1' });
  await app.register(tokenRoutes, { prefix: '/v1' });
  await app.register(productRoutes, { prefix: '/v1' });
  await app.register(captchaRoutes, { prefix: '/v1' });
  await app.register(recommendAreaRoutes, { prefix: '/v1' });
  await app.register(recipientApiRoutes, { prefix: '/v1' });
  await app.register(personalAreaRoutes, { prefix: '/v1' });
  await app.register(recommendationReportRoutes, { prefix: '/v1' });
  await app.register(integrationRoutes, { prefix: '/v1' });
  await app.register(healthRoutes);
  await app.register(docsRoutes);
};
