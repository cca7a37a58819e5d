import type { FastifyPluginAsync } from 'fastify';
import { normalizeEmail } from '../auth/normalizeEmail.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { createOptInService } from './optInService.ts';
import { originOf } from './recommendRoutes.ts';
import { recommendationViewSchema } from './recommendSchemas.ts';

const HOUR = 60 * 60;
/** Resending is a mail to a person: a few an hour per address, more per client (a family, an office). */
export const OPTIN_RATE_LIMITS = {
  resendPerEmail: { limit: 3, windowSeconds: HOUR },
  resendPerIp: { limit: 20, windowSeconds: HOUR },
  confirmPerIp: { limit: 30, windowSeconds: HOUR },
} as const;

interface ConfirmBody {
  Token: string;
}

interface ResendBody {
  Email: string;
  Produkt: string | number;
}

/**
 * The recommender's opt-in (PSOF0305/PSOF0306): a guest who recommends with the e-mail address of an account
 * confirms by the link of a mail before the recommendation can be shared. POST /Empfehlen/optin confirms;
 * POST /Empfehlen/optin/resend sends a new link (the old one stops working).
 */
export const optInRoutes: FastifyPluginAsync = async (app) => {
  const service = createOptInService({
    db: app.database.kysely,
    repository: app.recommendations.repository,
    ownerTokens: app.recommendations.ownerTokens,
    clickLinks: app.clickLinks,
    mail: app.mail,
    catalogues: app.productCatalogues,
    now: () => new Date(),
  });

  app.post<{ Params: MandantParams; Body: ConfirmBody }>(
    '/:mandant/Empfehlen/optin',
    {
      schema: {
        tags: ['recommend'],
        summary: 'Confirm a recommendation with the token of the opt-in mail',
        description:
          'Answers the recommendation for its owner (with Verwaltungstoken). Unknown, used or older than 48 hours: 410 PSOF0325.',
        params: mandantParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['Token'],
          properties: { Token: { type: 'string', minLength: 1, maxLength: 128 } },
        },
        response: { 200: recommendationViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'optinConfirmPerIp',
          key: app.rateLimitKeys.forClient('recommendOptin', mandant.id, request.ip),
          rule: OPTIN_RATE_LIMITS.confirmPerIp,
        },
      ]);
      const { recommendationId, view } = await service.confirm(
        mandant,
        request.body.Token,
        originOf(request),
      );
      request.log.info(
        { mandant: mandant.id, recommendation: recommendationId },
        'recommendation opt-in confirmed',
      );
      return view;
    },
  );

  app.post<{ Params: MandantParams; Body: ResendBody }>(
    '/:mandant/Empfehlen/optin/resend',
    {
      schema: {
        tags: ['recommend'],
        summary: 'Send the opt-in mail of a pending recommendation again',
        description:
          'Always 202, whether or not a pending recommendation of this e-mail and product exists (nobody learns who recommended what). Rate-limited per e-mail and client.',
        params: mandantParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['Email', 'Produkt'],
          properties: {
            Email: { type: 'string', minLength: 1, maxLength: 254 },
            Produkt: {
              anyOf: [
                { type: 'string', minLength: 1, maxLength: 64 },
                { type: 'integer', minimum: 1 },
              ],
            },
          },
        },
        response: { 202: { type: 'null', description: 'Accepted.' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const email = normalizeEmail(request.body.Email);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'optinResendPerIp',
          key: app.rateLimitKeys.forClient('recommendOptinResend', mandant.id, request.ip),
          rule: OPTIN_RATE_LIMITS.resendPerIp,
        },
        {
          name: 'optinResendPerEmail',
          key: app.rateLimitKeys.forEmail('recommendOptinResend', mandant.id, email),
          rule: OPTIN_RATE_LIMITS.resendPerEmail,
        },
      ]);
      await service.resend({
        mandant,
        email,
        produkt: String(request.body.Produkt),
        origin: app.mail.originFor(request, mandant),
        language: requestLanguage(request),
      });
      return reply.code(202).send();
    },
  );
};
