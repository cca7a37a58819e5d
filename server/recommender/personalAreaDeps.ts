import type { FastifyInstance } from 'fastify';
import type { RateLimitDeps } from '../account/accountMailLimits.ts';
import type { RewardAccessDeps } from '../rewards/rewardAccess.ts';
import type { BankDetailsDeps } from './bankDetails.ts';
import type { EraseAccountDeps } from './eraseAccount.ts';
import type { NewsletterDeps } from './newsletter.ts';
import type { RecommenderListDeps } from './recommendations.ts';
import { createRecommenderRepository } from './recommenderRepository.ts';
import type { RecommenderServiceDeps } from './recommenderService.ts';

/**
 * Route glue: the plain arguments of the personal area's services, taken from the app's decorations. Only
 * the routes call these; the services never see the app.
 */
export function bankDetailsDeps(app: FastifyInstance): BankDetailsDeps {
  return { db: app.database.kysely, cipher: app.fieldCipher, fingerprints: app.fingerprints };
}

export function rewardAccessDeps(app: FastifyInstance): RewardAccessDeps {
  return { db: app.database.kysely, sessionTokens: app.sessionTokens, accounts: app.accountRepository };
}

export function recommenderListDeps(app: FastifyInstance): RecommenderListDeps {
  return { db: app.database.kysely, catalogues: app.productCatalogues };
}

export function eraseAccountDeps(app: FastifyInstance): EraseAccountDeps {
  return { db: app.database.kysely, mail: app.mail, sessionTokens: app.sessionTokens };
}

export function newsletterDeps(app: FastifyInstance): NewsletterDeps {
  return { db: app.database.kysely, mail: app.mail };
}

export function rateLimitDeps(app: FastifyInstance): RateLimitDeps {
  return { rateLimiter: app.rateLimiter, rateLimitKeys: app.rateLimitKeys };
}

export function recommenderServiceDeps(app: FastifyInstance): RecommenderServiceDeps {
  return {
    db: app.database.kysely,
    recommender: createRecommenderRepository(app.database.kysely),
    accounts: app.accountRepository,
    now: () => app.config.clock.now(),
  };
}
