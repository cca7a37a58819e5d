import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestOrigin } from '../../domain/recommendationLinks.ts';
import {
  type CaptchaCheckResponse,
  type CreateRecommendationRequest,
  IDEMPOTENCY_HEADER,
} from '../../schemas/recommendFormApi.ts';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { createRecommendation } from './createRecommendation.ts';
import { createBodyProblems, withRecommenderAlias } from './createRecommendationBody.ts';
import { optionalUser } from './optionalUser.ts';
import { findRecommendableProduct } from './recommendableProduct.ts';
import { toRecommendationView } from './recommendationView.ts';
import { captchaCheckSchema, recommendationViewSchema } from './recommendSchemas.ts';

const HOUR = 60 * 60;
/**
 * Creating is rate-limited per client address and per recommender e-mail (every attempt counts, also a
 * refused one): enough for a family behind one router and for an agent desk, too few for a spam run.
 */
export const RECOMMEND_RATE_LIMITS = {
  createPerIp: { limit: 30, windowSeconds: HOUR },
  createPerEmail: { limit: 10, windowSeconds: HOUR },
} as const;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/;

export function originOf(request: FastifyRequest): string {
  return requestOrigin(request.protocol, request.host);
}

/**
 * SPEC 7, Recommendation: POST /Empfehlen/create — without a body it answers whether a captcha is needed
 * (every guest needs one, a logged-in recommender does not); with a body it creates the recommendation.
 */
export const recommendRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: MandantParams; Body: unknown }>(
    '/:mandant/Empfehlen/create',
    {
      schema: {
        tags: ['recommend'],
        summary: 'Without a body: is a captcha needed? With a body: create a recommendation',
        description:
          'Body (schemas/recommendFormApi.ts CreateRecommendationRequest): Empfehlung { Produkt, AnteilEmpfehler, AgbAkzeptiert, Art, Agentennummer, Channel, Aktionen }, Empfehler { Vorname, Nachname, Email, Firma, NewsletterPermission }, optional Empfaenger { Vorname, Nachname, Email }, Captcha (ALTCHA payload, required for guests). Header Idempotency-Key makes retries safe. Errors: 400 PSOF0013 (shape), 422 PSOF0302 (e-mail, whitelist), PSOF0303 (self-recommendation), PSOF0304 (terms), PSOF0307/0308 (captcha), PSOF0321 (kind not enabled), PSOF0322 (share), PSOF0323 (campaign), 404 PSOF0110/0111 (product), 409 PSOF0300 (exists), PSOF0305 (exists, opt-in pending), 429 PSOF0016.',
        params: mandantParamsSchema,
        response: { 200: captchaCheckSchema, 201: recommendationViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const account = await optionalUser(
        { sessionTokens: app.sessionTokens, accounts: app.accountRepository },
        request.headers,
        mandant.id,
      );
      if (request.body === undefined || request.body === null) {
        const answer: CaptchaCheckResponse = { CaptchaErforderlich: account === undefined };
        return reply.code(200).send(answer);
      }
      const body = withRecommenderAlias(request.body);
      const problems = createBodyProblems(body);
      if (problems.length > 0) throw new ApiProblem('PSOF0013', problems);
      const input = body as CreateRecommendationRequest;
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'recommendPerIp',
          key: app.rateLimitKeys.forClient('recommend', mandant.id, request.ip),
          rule: RECOMMEND_RATE_LIMITS.createPerIp,
        },
        {
          name: 'recommendPerEmail',
          key: app.rateLimitKeys.forEmail(
            'recommend',
            mandant.id,
            account?.email ?? normalizeEmail(input.Empfehler.Email),
          ),
          rule: RECOMMEND_RATE_LIMITS.createPerEmail,
        },
      ]);
      const idempotencyKey = idempotencyKeyOf(request);
      const product = findRecommendableProduct(
        mandant,
        app.productCatalogues?.get(mandant.id),
        String(input.Empfehlung.Produkt),
      );
      const deps = {
        db: app.database.kysely,
        repository: app.recommendations.repository,
        campaigns: app.recommendations.campaigns,
        accounts: app.accountRepository,
        lifecycle: app.lifecycle,
        mail: app.mail,
      };
      const { row, replayed } = await createRecommendation(deps, {
        mandant,
        body: input,
        product,
        account,
        idempotencyKey,
        language: requestLanguage(request),
        now: new Date(),
        origin: app.mail.originFor(request, mandant),
        assertCaptcha: () =>
          account ? Promise.resolve() : app.captcha.assertSolved(mandant.id, input.Captcha),
      });
      request.log.info(
        { mandant: mandant.id, recommendation: row.id, kind: row.kind, replayed },
        replayed ? 'recommendation create replayed' : 'recommendation created',
      );
      const view = toRecommendationView(row, {
        config: mandant.config,
        origin: originOf(request),
        productName: product.name,
        now: new Date(),
        ownerToken: app.recommendations.ownerTokens.issue(mandant.id, row.empfehlungsnummer),
      });
      return reply.code(201).send(view);
    },
  );
};

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw new ApiProblem('PSOF0013', [
      { pointer: `/headers/${IDEMPOTENCY_HEADER}`, reason: 'must be 16–128 letters, digits, "-" or "_"' },
    ]);
  }
  return value;
}
