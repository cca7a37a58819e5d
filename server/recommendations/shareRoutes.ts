import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { renderSVG } from 'uqr';
import { NUMBER_PATTERN, recommendationLink, SHARE_CHANNELS } from '../../domain/recommendationLinks.ts';
import {
  OWNER_TOKEN_HEADER,
  type ProductLinkResponse,
  type UpdateRecommendationRequest,
} from '../../schemas/recommendFormApi.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { errorResponses, mandantParamsSchema, requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { optionalUser } from './optionalUser.ts';
import { orderSite, productLink } from './productLink.ts';
import { isOptinPending, type RecommendationRow } from './RecommendationRepository.ts';
import { productNameOf } from './recommendableProduct.ts';
import { toRecommendationView } from './recommendationView.ts';
import { originOf } from './recommendRoutes.ts';
import { productLinkSchema, recommendationViewSchema } from './recommendSchemas.ts';

interface NumberParams {
  mandant: string;
  nr: string;
}

const numberParamsSchema = {
  type: 'object',
  required: ['mandant', 'nr'],
  properties: {
    ...mandantParamsSchema.properties,
    nr: { type: 'string', pattern: NUMBER_PATTERN.source, description: 'The Empfehlungsnummer.' },
  },
} as const;

const updateBodySchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    Channel: { type: 'string', enum: [...SHARE_CHANNELS] },
    Empfehlungslink: {
      type: 'boolean',
      description: 'true: the Empfehlungslink is shared; false: the KurzURL.',
    },
  },
} as const;

const productLinkQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    channel: { type: 'string', enum: [...SHARE_CHANNELS] },
    empfaengernummer: { type: 'string', pattern: NUMBER_PATTERN.source },
  },
} as const;

/** The public QR image may be cached: it only changes when the host does. */
const QR_CACHE_CONTROL = 'public, max-age=86400';

async function loadRecommendation(
  app: FastifyInstance,
  mandant: LoadedMandant,
  nr: string,
): Promise<RecommendationRow> {
  const row = await app.recommendations.repository.findByNumber(mandant.id, nr);
  if (!row || row.erased_at !== null) throw new ApiProblem('PSOF0330');
  return row;
}

/** The owner: the Verwaltungstoken of the create answer, or the logged-in recommender the row belongs to. */
async function isOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  mandant: LoadedMandant,
  row: RecommendationRow,
) {
  const raw = request.headers[OWNER_TOKEN_HEADER.toLowerCase()];
  const token = Array.isArray(raw) ? raw[0] : raw;
  if (app.recommendations.ownerTokens.verify(mandant.id, row.empfehlungsnummer, token)) return true;
  const account = await optionalUser(
    { sessionTokens: app.sessionTokens, accounts: app.accountRepository },
    request.headers,
    mandant.id,
  );
  return account !== undefined && account.id === row.account_id;
}

/**
 * SPEC 7: GET empfehlen/{nr} (the public view the share page and the recipient read), PUT /empfehlung/{nr}
 * (the owner records channel and link type), GET /empfehlung/{nr}/produkt/produktlink, and the QR code of
 * the link as SVG (server-rendered, no JavaScript on the page).
 */
export const shareRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: NumberParams }>(
    '/:mandant/empfehlen/:nr',
    {
      schema: {
        tags: ['recommend'],
        summary: 'A recommendation: product, reward, validity and links; the owner also gets the code',
        description:
          'Public and non-personal (only the recommender’s first name). With the Verwaltungstoken in X-Empfehlung-Token, or as the logged-in recommender, also Code and Verwaltungstoken. Unknown: 404 PSOF0330.',
        params: numberParamsSchema,
        response: { 200: recommendationViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const row = await loadRecommendation(app, mandant, request.params.nr);
      const owner = await isOwner(app, request, mandant, row);
      return toRecommendationView(row, {
        config: mandant.config,
        origin: originOf(request),
        productName: productNameOf(app.productCatalogues, mandant, row),
        now: new Date(),
        ...(owner
          ? { ownerToken: app.recommendations.ownerTokens.issue(mandant.id, row.empfehlungsnummer) }
          : {}),
      });
    },
  );

  app.put<{ Params: NumberParams; Body: UpdateRecommendationRequest }>(
    '/:mandant/empfehlung/:nr',
    {
      schema: {
        tags: ['recommend'],
        summary: 'The owner records the channel and link type the recommendation was shared by',
        description:
          'Owner only (X-Empfehlung-Token or the logged-in recommender): 403 PSOF0320 otherwise. Opt-in pending: 409 PSOF0306.',
        params: numberParamsSchema,
        body: updateBodySchema,
        response: { 200: recommendationViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const row = await loadRecommendation(app, mandant, request.params.nr);
      if (!(await isOwner(app, request, mandant, row))) throw new ApiProblem('PSOF0320');
      if (isOptinPending(row)) throw new ApiProblem('PSOF0306');
      const { Channel, Empfehlungslink } = request.body;
      const updated = await app.recommendations.repository.updateSharing(mandant.id, row.id, {
        ...(Channel !== undefined ? { channel: Channel } : {}),
        ...(Empfehlungslink !== undefined
          ? { linkType: Empfehlungslink ? 'Empfehlungslink' : 'KurzURL' }
          : {}),
      });
      if (!updated) throw new ApiProblem('PSOF0330');
      return toRecommendationView(updated, {
        config: mandant.config,
        origin: originOf(request),
        productName: productNameOf(app.productCatalogues, mandant, updated),
        now: new Date(),
        ownerToken: app.recommendations.ownerTokens.issue(mandant.id, updated.empfehlungsnummer),
      });
    },
  );

  app.get<{ Params: NumberParams; Querystring: { channel?: string; empfaengernummer?: string } }>(
    '/:mandant/empfehlung/:nr/produkt/produktlink',
    {
      schema: {
        tags: ['recommend'],
        summary: 'Where the friend orders the recommended product',
        description:
          'The client’s site (MandantUrl, else this programme; the demo shop stand-in when DEMO_SHOP_URL is set) with empfehlungsnummer, empfaengernummer, channel and produkt as query, so the order is credited. Expired or unknown: 410 PSOF0309 / 404 PSOF0330.',
        params: numberParamsSchema,
        querystring: productLinkQuerySchema,
        response: { 200: productLinkSchema, ...errorResponses },
      },
    },
    async (request): Promise<ProductLinkResponse> => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const row = await loadRecommendation(app, mandant, request.params.nr);
      const view = toRecommendationView(row, {
        config: mandant.config,
        origin: originOf(request),
        productName: row.produkt_id,
        now: new Date(),
      });
      if (view.Abgelaufen || view.OptinAusstehend) throw new ApiProblem('PSOF0309');
      return {
        Produktlink: productLink(orderSite(mandant, app.config.demoShopUrl()), originOf(request), {
          empfehlungsnummer: row.empfehlungsnummer,
          produktId: row.produkt_id,
          empfaengernummer: request.query.empfaengernummer,
          channel: request.query.channel,
        }),
      };
    },
  );

  app.get<{ Params: NumberParams }>(
    '/:mandant/empfehlung/:nr/qr.svg',
    {
      schema: {
        tags: ['recommend'],
        summary: 'QR code (SVG) of the recommendation link with channel qr',
        params: numberParamsSchema,
        response: { 200: { type: 'string', description: 'image/svg+xml' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const row = await loadRecommendation(app, mandant, request.params.nr);
      const link = recommendationLink(originOf(request), row.empfehlungsnummer, 'qr');
      return reply
        .type('image/svg+xml')
        .header('cache-control', QR_CACHE_CONTROL)
        .send(renderSVG(link, { border: 2, ecc: 'M' }));
    },
  );
};
