import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isShareChannel,
  NUMBER_PATTERN,
  SHORT_LINK_CHANNEL,
  type ShareChannel,
} from '../../domain/recommendationLinks.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { requireMandant } from '../http/mandantParam.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { isRecommendationExpired } from '../recipients/recommendationState.ts';
import { orderSite, productLink } from '../recommendations/productLink.ts';
import type { ClickLink } from './ClickLinks.ts';
import { clickLocation, preferredLanguage } from './clickLocation.ts';

interface ClickParams {
  nr: string;
}

type ClickQuery = Record<string, string | string[] | undefined>;

const clickSchema = (summary: string, mandantParam: boolean) => ({
  tags: ['click'],
  summary,
  description:
    'Records the click (written in batches) and answers 302 to the recipient data page (`/{lang}/…?channel=&hex=`, `widget` kept), or to the expired-recommendation page when the recommendation is unknown, cancelled or older than its 60 days. With the `empfaengernummer` of a recipient of this recommendation who has given data and consent, and a MandantUrl, it answers 302 to the product link on the client’s site instead (as GET /empfehlung/{nr}/produkt/produktlink). Unknown channels are not recorded as a channel.',
  params: {
    type: 'object',
    required: mandantParam ? ['mandant', 'nr'] : ['nr'],
    properties: {
      ...(mandantParam ? { mandant: { type: 'string' } } : {}),
      nr: { type: 'string', description: 'Empfehlungsnummer' },
    },
  },
  querystring: {
    type: 'object',
    properties: {
      channel: {
        type: 'string',
        maxLength: 64,
        description: 'Where the link was shared (email, whatsapp, …).',
      },
      empfaengernummer: { type: 'string', maxLength: 32, description: 'A known recipient linked back.' },
      widget: { type: 'string', maxLength: 256, description: 'Widget frame parameter; carried over.' },
    },
  },
  response: { 302: { type: 'null', description: 'Redirect to the recipient page or the product link.' } },
});

/** Links come from mails and chats: odd query values are ignored, never refused (the schema is for the docs). */
const acceptAnything = () => () => true;

/**
 * The click redirect (SPEC section 7: /empfehlen/click/{nr}?channel=&empfaengernummer=; the short URL
 * /e/{nr}), at the host root where shared links point (mandant from the host) and under the API
 * (mandant from the path). The hot path: one cached lookup (answered without a promise when cached), a
 * click put into the buffer, a redirect — no database write while the visitor waits.
 */
export const clickRoutes: FastifyPluginAsync = async (app) => {
  const hostMandant = (request: FastifyRequest): LoadedMandant => {
    const mandant = app.mandants.forHost(request.host);
    if (!mandant) throw new ApiProblem('PSOF0010');
    return mandant;
  };

  app.get<{ Params: ClickParams; Querystring: ClickQuery }>(
    '/empfehlen/click/:nr',
    {
      schema: clickSchema('Follow a recommendation link (mandant from the host)', false),
      validatorCompiler: acceptAnything,
    },
    (request, reply) => redirectClick(app, request, reply, hostMandant(request), null),
  );

  app.get<{ Params: ClickParams; Querystring: ClickQuery }>(
    '/e/:nr',
    {
      schema: clickSchema('Follow a short recommendation link (mandant from the host)', false),
      validatorCompiler: acceptAnything,
    },
    (request, reply) => redirectClick(app, request, reply, hostMandant(request), SHORT_LINK_CHANNEL),
  );

  app.get<{ Params: ClickParams & { mandant: string }; Querystring: ClickQuery }>(
    '/api/v1/:mandant/empfehlen/click/:nr',
    { schema: clickSchema('Follow a recommendation link', true), validatorCompiler: acceptAnything },
    (request, reply) =>
      redirectClick(app, request, reply, requireMandant(app.mandants, request.params.mandant), null),
  );
};

type ClickRequest = FastifyRequest<{ Params: ClickParams; Querystring: ClickQuery }>;

function redirectClick(
  app: FastifyInstance,
  request: ClickRequest,
  reply: FastifyReply,
  mandant: LoadedMandant,
  defaultChannel: ShareChannel | null,
): FastifyReply | Promise<FastifyReply> {
  const { nr } = request.params;
  if (!NUMBER_PATTERN.test(nr)) return answerClick(app, request, reply, mandant, defaultChannel, null);
  const cached = app.clickLinks.cached(mandant.id, nr);
  if (cached !== undefined) return answerClick(app, request, reply, mandant, defaultChannel, cached);
  return app.clickLinks
    .find(mandant.id, nr)
    .then((link) => answerClick(app, request, reply, mandant, defaultChannel, link));
}

function answerClick(
  app: FastifyInstance,
  request: ClickRequest,
  reply: FastifyReply,
  mandant: LoadedMandant,
  defaultChannel: ShareChannel | null,
  link: ClickLink | null,
): FastifyReply | Promise<FastifyReply> {
  const query = request.query;
  const requestedChannel = first(query.channel);
  const channel = isShareChannel(requestedChannel) ? requestedChannel : defaultChannel;
  const now = new Date();
  const requestedRecipient = first(query.empfaengernummer);
  const recipientNumber =
    requestedRecipient && NUMBER_PATTERN.test(requestedRecipient) ? requestedRecipient : null;
  if (link) {
    app.clickBuffer.record({
      mandant_id: mandant.id,
      recommendation_id: link.id,
      channel,
      empfaengernummer: recipientNumber,
      clicked_at: now,
    });
  }
  const open = link !== null && !isRecommendationExpired(link, now);
  const { Sprache, Standard } = mandant.config.SupportedLanguage;
  const widget = first(query.widget);
  const recipientPage = () =>
    clickLocation(mandant.config, {
      empfehlungsnummer: request.params.nr,
      linkHex: open ? link.linkHex : null,
      language: preferredLanguage(request.headers['accept-language'], Sprache, Standard),
      channel,
      widget: widget !== undefined && widget.length <= MAX_WIDGET_LENGTH ? widget : null,
    });
  // A friend who already gave data and consent and comes back through the link goes on to the order on
  // the client's site (SPEC 7: "redirect to the recipient page or the product link").
  // Only a returning recipient looks up the order site: the plain click (the hot path) does no extra work.
  const site = open && recipientNumber !== null ? orderSite(mandant, app.config.demoShopUrl()) : '';
  if (open && recipientNumber !== null && site) {
    return app.clickLinks.recipientDone(link, mandant.id, recipientNumber).then((done) =>
      redirect(
        reply,
        done
          ? productLink(site, '', {
              empfehlungsnummer: request.params.nr,
              produktId: link.produktId,
              empfaengernummer: recipientNumber,
              channel,
            })
          : recipientPage(),
      ),
    );
  }
  return redirect(reply, recipientPage());
}

/** Every click must reach the server to be counted: no cache may answer it. */
function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/** A widget value longer than this is no widget id: it is dropped, not carried along. */
const MAX_WIDGET_LENGTH = 256;

/** The first value of a query parameter given once or several times. */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
