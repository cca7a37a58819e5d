import type { FastifyPluginAsync } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import type { Aktion } from '../../schemas/recommendFormApi.ts';
import {
  CONFIG_CACHE_CONTROL,
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { isCampaignActive, localiseCampaign } from './campaigns.ts';
import { campaignSchema } from './recommendSchemas.ts';

/**
 * SPEC 7: GET /aktion/alleAktiven — the campaigns the recommend form offers now (mandants/{m}/aktionen.json),
 * texts in the request language. A mandant without the file has none: an empty list, not a 404 — browsers
 * log every 404 as a console error, on every recommend page of such a mandant. (The runtime still treats a
 * 404 as "no campaigns", as SPEC asks of backends that lack the call.)
 */
export const campaignRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams }>(
    '/:mandant/aktion/alleAktiven',
    {
      schema: {
        tags: ['recommend'],
        summary: 'The active campaigns (Aktionen) with their consent texts',
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: campaignSchema }, ...errorResponses },
      },
    },
    async (request, reply): Promise<Aktion[]> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const campaigns = app.recommendations.campaigns.get(mandant.id) ?? [];
      const now = wireDateTime(new Date());
      const language = requestLanguage(request);
      reply.header('cache-control', CONFIG_CACHE_CONTROL).header('vary', 'X-Accept-Language');
      return campaigns
        .filter((campaign) => isCampaignActive(campaign, now))
        .map((campaign) => localiseCampaign(campaign, language, mandant.config.SupportedLanguage.Standard));
    },
  );
};
