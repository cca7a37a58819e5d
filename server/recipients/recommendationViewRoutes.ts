import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { isOfflineCode, NUMBER_PATTERN, normaliseOfflineCode } from '../../domain/recommendationLinks.ts';
import type { RecipientRecommendation } from '../../schemas/recipient.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { enforceRateLimits } from '../http/enforceRateLimits.ts';
import { errorResponses, requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { productName } from '../products/productName.ts';
import { RECIPIENT_RATE_LIMITS } from './recipientRateLimits.ts';
import type { RecommendationRecord } from './recipientRepository.ts';
import {
  mandantHexParams,
  mandantNumberHexParams,
  mandantNumberParams,
  recipientRecommendationSchema,
  recipientRewardSchema,
  recommendationCodeSchema,
} from './recipientSchemas.ts';
import { isRecommendationExpired } from './recommendationState.ts';
import { recipientReward, toRecipientRecommendation } from './toRecipientRecommendation.ts';

const LINK_HEX = /^[0-9a-f]{16,64}$/;

/**
 * The recommendation as the recipient sees it (SPEC section 7): by number and hex, by hex alone, by
 * offline code, and the recipient's part of the reward. Public — the link is the credential — and
 * without the recommender's data beyond the first name.
 */
export const recommendationViewRoutes: FastifyPluginAsync = async (app) => {
  /** The recommendation behind number and hex; unknown number and wrong hex look alike (404 PSOF0330). */
  async function byNumberAndHex(
    mandant: LoadedMandant,
    nr: string,
    hex: string,
  ): Promise<RecommendationRecord> {
    const recommendation = NUMBER_PATTERN.test(nr)
      ? await app.recipientRepository.findRecommendation(mandant.id, { empfehlungsnummer: nr })
      : undefined;
    if (!recommendation || !sameHex(recommendation.linkHex, hex)) throw new ApiProblem('PSOF0330');
    return recommendation;
  }

  function viewOf(mandant: LoadedMandant, recommendation: RecommendationRecord, allowExpired: boolean) {
    const catalogue = app.productCatalogues.get(mandant.id);
    const name = catalogue ? productName(catalogue, recommendation.produktId) : null;
    const view = toRecipientRecommendation(recommendation, mandant.config, name, new Date());
    if (view.Abgelaufen && !allowExpired) throw new ApiProblem('PSOF0309');
    return view;
  }

  app.get<{ Params: { mandant: string; nr: string; hex: string } }>(
    '/:mandant/empfehlen/:nr/:hex',
    {
      schema: {
        tags: ['recipient'],
        summary: 'The recommendation behind a link, for its recipient',
        description:
          'Unknown number or wrong hex: 404 PSOF0330. Expired (60 days) or cancelled: 410 PSOF0309.',
        params: mandantNumberHexParams,
        response: { 200: recipientRecommendationSchema, ...errorResponses },
      },
    },
    async (request): Promise<RecipientRecommendation> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { nr, hex } = request.params;
      return viewOf(mandant, await byNumberAndHex(mandant, nr, hex), false);
    },
  );

  app.get<{ Params: { mandant: string; nr: string; hex: string } }>(
    '/:mandant/empfehlen/any/:nr/:hex',
    {
      schema: {
        tags: ['recipient'],
        summary: 'The recommendation behind a link, also when it has expired (then Abgelaufen: true)',
        description: 'Unknown number or wrong hex: 404 PSOF0330.',
        params: mandantNumberHexParams,
        response: { 200: recipientRecommendationSchema, ...errorResponses },
      },
    },
    async (request): Promise<RecipientRecommendation> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { nr, hex } = request.params;
      return viewOf(mandant, await byNumberAndHex(mandant, nr, hex), true);
    },
  );

  app.get<{ Params: { mandant: string; hex: string } }>(
    '/:mandant/empfaenger/:hex',
    {
      schema: {
        tags: ['recipient'],
        summary: 'The recommendation behind a link hex alone',
        description: 'Unknown hex: 404 PSOF0330. Expired or cancelled: 410 PSOF0309.',
        params: mandantHexParams,
        response: { 200: recipientRecommendationSchema, ...errorResponses },
      },
    },
    async (request): Promise<RecipientRecommendation> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const hex = request.params.hex.toLowerCase();
      const recommendation = LINK_HEX.test(hex)
        ? await app.recipientRepository.findRecommendation(mandant.id, { linkHex: hex })
        : undefined;
      if (!recommendation) throw new ApiProblem('PSOF0330');
      return viewOf(mandant, recommendation, false);
    },
  );

  app.get<{ Params: { mandant: string; code: string }; Querystring: { einsprungsquelle?: string } }>(
    '/:mandant/empfehlung/empfehlungscode/:code',
    {
      schema: {
        tags: ['recipient'],
        summary: 'The recommendation behind an offline code (the /code page); records a click (channel code)',
        description:
          'Unknown code: 404 PSOF0331. Expired or cancelled: 410 PSOF0309. Rate-limited per client (429 PSOF0016).',
        params: {
          type: 'object',
          required: ['mandant', 'code'],
          properties: { mandant: { type: 'string' }, code: { type: 'string', maxLength: 32 } },
        },
        querystring: {
          type: 'object',
          properties: { einsprungsquelle: { type: 'string', maxLength: 64 } },
        },
        response: { 200: recommendationCodeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      await enforceRateLimits(app.rateLimiter, request, reply, [
        {
          name: 'codePerIp',
          key: app.rateLimitKeys.forClient('recommendationCode', mandant.id, request.ip),
          rule: RECIPIENT_RATE_LIMITS.codePerIp,
        },
      ]);
      const code = normaliseOfflineCode(request.params.code);
      const recommendation = isOfflineCode(code)
        ? await app.recipientRepository.findRecommendation(mandant.id, { code })
        : undefined;
      if (!recommendation) throw new ApiProblem('PSOF0331');
      const now = new Date();
      app.clickBuffer.record({
        mandant_id: mandant.id,
        recommendation_id: recommendation.id,
        channel: 'code',
        empfaengernummer: null,
        clicked_at: now,
      });
      if (isRecommendationExpired(recommendation, now)) throw new ApiProblem('PSOF0309');
      return { Empfehlungsnummer: recommendation.empfehlungsnummer, Hex: recommendation.linkHex };
    },
  );

  app.get<{ Params: { mandant: string; nr: string } }>(
    '/:mandant/empfaenger/:nr/praemie',
    {
      schema: {
        tags: ['recipient'],
        summary: 'The recipient’s part of the reward of a recommendation',
        description:
          'praemie_cent × (100 − AnteilEmpfehler) %, capped by MaxEmpfaengerPraemieCent. Unknown number: 404 PSOF0330.',
        params: mandantNumberParams,
        response: { 200: recipientRewardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const { nr } = request.params;
      const recommendation = NUMBER_PATTERN.test(nr)
        ? await app.recipientRepository.findRecommendation(mandant.id, { empfehlungsnummer: nr })
        : undefined;
      if (!recommendation || recommendation.erasedAt !== null) throw new ApiProblem('PSOF0330');
      return recipientReward(recommendation, mandant.config);
    },
  );
};

/** Compares in constant time, so the answer time tells nothing about how much of a guessed hex was right. */
function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
