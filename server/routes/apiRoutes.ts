import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from '../account/accountRoutes.ts';
import { agencyTokenRoutes } from '../agency/agencyTokenRoutes.ts';
import { captchaRoutes } from '../captcha/captchaRoutes.ts';
import { contactRoutes } from '../contact/contactRoutes.ts';
import { contentRoutes } from '../content/contentRoutes.ts';
import { docsRoutes } from '../http/docsRoutes.ts';
import { healthRoutes } from '../http/healthRoutes.ts';
import { integrationRoutes } from '../integration/integrationRoutes.ts';
import { configRoutes } from '../mandants/configRoutes.ts';
import { productRoutes } from '../products/productRoutes.ts';
import { recipientApiRoutes } from '../recipients/recipientApiRoutes.ts';
import { recommendAreaRoutes } from '../recommendations/recommendAreaRoutes.ts';
import { personalAreaRoutes } from '../recommender/personalAreaRoutes.ts';
import { recommendationReportRoutes } from '../recommender/recommendationReportRoutes.ts';

/** Every API area, one module each (SPEC section 7). Areas of later issues register here too. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(configRoutes, { prefix: '/v1' });
  await app.register(contentRoutes, { prefix: '/v1' });
  await app.register(contactRoutes, { prefix: '/v1' });
  await app.register(accountRoutes, { prefix: '/v1' });
  await app.register(agencyTokenRoutes, { prefix: '/v1' });
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
