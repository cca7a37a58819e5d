import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { wireDateTime } from '../../domain/format.ts';
import { NUMBER_PATTERN } from '../../domain/recommendationLinks.ts';
import { isEmailAddress } from '../../schemas/forms/fields.ts';
import { type IntegrationEvent, PRODUCT_ID } from '../../schemas/integration.ts';
import type { Clock } from '../config/ServerConfig.ts';
import type { LoadedMandant } from '../mandants/LoadedMandant.ts';
import { findRecommendableProduct } from '../recommendations/recommendableProduct.ts';
import { SHOP_KEY_ID } from './platformShopSecret.ts';
import { type ReportResult, reportToPlatform } from './reportToPlatform.ts';
import {
  contractConfirmed,
  type LayoutView,
  layout,
  type OrderField,
  orderForm,
  problem,
  type ShopIdentity,
  shopIndex,
  thanks,
} from './shopPages.ts';
import { shopStylesheet } from './shopStylesheet.ts';
import { type ShopLanguage, type ShopTextKey, say, shopLanguage } from './shopTexts.ts';

export interface ShopOptions {
  /** The platform, in this process: the shop reports to its integration API and reads its product names. */
  platform: FastifyInstance;
  /** The secret of a mandant's shop key, or undefined; `platformShopSecret(platform)` reads it as the platform does. */
  secretFor: (mandantId: string) => Promise<string | undefined>;
  /** The integration key the shop signs with; default `shop`. Mandants without it have no shop. */
  keyId?: string;
  /** "Today" for the order date; default the platform's clock, so a test that moves it moves the shop too. */
  clock?: Clock;
}

/** The shop's own order numbers: SHOP- and 12 hex digits. */
const ORDER_NUMBER = /^SHOP-[0-9A-F]{12}$/;
const NAME_MAX = 100;

/** No script, no frames, no other origin: the pages are plain HTML and one stylesheet. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** What the platform's refusals mean for the person ordering; the code is shown below for the demo's operator. */
const REFUSALS: Readonly<Record<string, { status: number; text: ShopTextKey }>> = {
  PSOF0500: { status: 503, text: 'notConnected' },
  PSOF0501: { status: 503, text: 'notConnected' },
  PSOF0503: { status: 409, text: 'alreadyOrdered' },
  PSOF0504: { status: 404, text: 'unknownRecommendation' },
  PSOF0505: { status: 422, text: 'wrongProduct' },
  PSOF0506: { status: 422, text: 'notPossible' },
  PSOF0507: { status: 409, text: 'alreadyOrdered' },
  PSOF0508: { status: 404, text: 'unknownOrder' },
  PSOF0509: { status: 409, text: 'notPossible' },
  PSOF0510: { status: 409, text: 'alreadyOrdered' },
};

type Fields = Record<string, string | undefined>;

/** A query or form value given once (the first when given several times), else undefined. */
function one(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The shop stand-in of the demo mandants (issue 13): where the recipient orders after following the
 * product link, so that the whole programme runs on one machine. A small Fastify app of its own, on its
 * own port, with plain server-rendered pages. It reports `order.placed` and, when the demo user plays the
 * client's CRM, `contract.concluded` through the signed integration API — as a client's shop would.
 */
export function buildShopApp(options: ShopOptions): FastifyInstance {
  const { platform } = options;
  const keyId = options.keyId ?? SHOP_KEY_ID;
  const app = Fastify({
    // The platform's logger: its redaction and request serializer (no query values) apply here too.
    loggerInstance: platform.log.child({ app: 'shop' }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 16 * 1024,
  });
  // Forms only: a JSON or text body is refused (415) before any handler reads it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const today = () => wireDateTime((options.clock ?? platform.config.clock).now()).slice(0, 10);

  /** A mandant of the platform that has the shop's integration key. */
  const shopOf = (id: string): LoadedMandant | undefined => {
    const mandant = platform.mandants.get(id);
    return mandant?.config.programme.integrationKeys.some((key) => key.id === keyId) ? mandant : undefined;
  };
  const identity = (mandant: LoadedMandant): ShopIdentity => ({ id: mandant.id, name: mandant.config.name });

  const productName = (mandant: LoadedMandant, produkt: string): string => {
    try {
      return findRecommendableProduct(mandant, platform.productCatalogues.get(mandant.id), produkt).name;
    } catch {
      // Not in the catalogue (or not recommendable): the client's shop would know it, the stand-in shows the id.
      return produkt;
    }
  };

  const send = (reply: FastifyReply, status: number, view: LayoutView) =>
    reply.code(status).type('text/html; charset=utf-8').send(layout(view));

  const sendProblem = (
    reply: FastifyReply,
    status: number,
    language: ShopLanguage,
    shop: LoadedMandant | undefined,
    text: ShopTextKey,
    code?: string,
  ) =>
    send(reply, status, {
      language,
      title: say(language, 'errorTitle'),
      shop: shop ? identity(shop) : null,
      main: problem(language, text, code),
    });

  const sendRefusal = (
    reply: FastifyReply,
    language: ShopLanguage,
    shop: LoadedMandant,
    result: Extract<ReportResult, { ok: false }>,
  ) => {
    const known = result.code ? REFUSALS[result.code] : undefined;
    const status = known?.status ?? (result.status >= 400 && result.status < 500 ? result.status : 502);
    return sendProblem(reply, status, language, shop, known?.text ?? 'failed', result.code);
  };

  /** Reports an event; a platform that cannot be reached is a failed report (502), never an unhandled error. */
  const report = async (shop: LoadedMandant, idempotencyKey: string, event: IntegrationEvent) => {
    const secret = await options.secretFor(shop.id);
    if (!secret) return undefined;
    try {
      return await reportToPlatform(platform, { mandantId: shop.id, keyId, secret, idempotencyKey, event });
    } catch (error) {
      app.log.error({ err: error instanceof Error ? error.name : 'unknown' }, 'shop report failed');
      return { ok: false as const, status: 502, code: undefined };
    }
  };

  const stylesheet = (reply: FastifyReply, shop: LoadedMandant | undefined) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(shopStylesheet(shop?.config.theme.colors));

  app.get('/shop.css', (_request, reply) => stylesheet(reply, undefined));
  app.get<{ Params: { mandant: string } }>('/:mandant/shop.css', (request, reply) =>
    stylesheet(reply, shopOf(request.params.mandant)),
  );

  app.get<{ Querystring: Record<string, unknown> }>('/', (request, reply) => {
    const language = shopLanguage(one(request.query.lang), request.headers['accept-language']);
    const shops = platform.mandants
      .all()
      .flatMap((mandant) => (shopOf(mandant.id) ? [identity(mandant)] : []));
    return send(reply, 200, {
      language,
      title: say(language, 'indexTitle'),
      shop: null,
      otherLanguageHref: `/?lang=${language === 'de' ? 'en' : 'de'}`,
      main: shopIndex(language, shops),
    });
  });

  app.get<{ Params: { mandant: string }; Querystring: Record<string, unknown> }>(
    '/:mandant',
    (request, reply) => {
      const language = shopLanguage(one(request.query.lang), request.headers['accept-language']);
      const shop = shopOf(request.params.mandant);
      if (!shop) return sendProblem(reply, 404, language, undefined, 'unknownShop');
      const nr = one(request.query.empfehlungsnummer) ?? '';
      const produkt = one(request.query.produkt) ?? '';
      if (!NUMBER_PATTERN.test(nr) || !PRODUCT_ID.test(produkt)) {
        return sendProblem(reply, 400, language, shop, 'badLink');
      }
      // The same page in the other language keeps the link's parameters (all of them checked or dropped).
      const other = new URLSearchParams({ empfehlungsnummer: nr, produkt });
      for (const name of ['empfaengernummer', 'channel']) {
        const value = one(request.query[name]);
        if (value && /^[A-Za-z0-9_-]{1,40}$/.test(value)) other.set(name, value);
      }
      other.set('lang', language === 'de' ? 'en' : 'de');
      return send(reply, 200, {
        language,
        title: say(language, 'orderTitle'),
        shop: identity(shop),
        otherLanguageHref: `/${encodeURIComponent(shop.id)}/?${other}`,
        main: orderForm({
          language,
          mandantId: shop.id,
          productName: productName(shop, produkt),
          empfehlungsnummer: nr,
          produkt,
          auftragsnummer: `SHOP-${randomBytes(6).toString('hex').toUpperCase()}`,
          values: { vorname: '', nachname: '', email: '' },
          errors: {},
        }),
      });
    },
  );

  app.post<{ Params: { mandant: string }; Body: Fields | undefined }>(
    '/:mandant/bestellen',
    async (request, reply) => {
      const body = request.body ?? {};
      const language = formLanguage(request, body);
      const shop = shopOf(request.params.mandant);
      if (!shop) return sendProblem(reply, 404, language, undefined, 'unknownShop');
      const nr = one(body.empfehlungsnummer) ?? '';
      const produkt = one(body.produkt) ?? '';
      const auftragsnummer = one(body.auftragsnummer) ?? '';
      if (!NUMBER_PATTERN.test(nr) || !PRODUCT_ID.test(produkt) || !ORDER_NUMBER.test(auftragsnummer)) {
        return sendProblem(reply, 400, language, shop, 'badLink');
      }
      const values: Record<OrderField, string> = {
        vorname: (one(body.vorname) ?? '').trim().slice(0, NAME_MAX),
        nachname: (one(body.nachname) ?? '').trim().slice(0, NAME_MAX),
        email: (one(body.email) ?? '').trim().slice(0, 254),
      };
      const errors: Partial<Record<OrderField, ShopTextKey>> = {
        ...(values.vorname ? {} : { vorname: 'missingFirstName' as const }),
        ...(values.nachname ? {} : { nachname: 'missingLastName' as const }),
        ...(isEmailAddress(values.email) ? {} : { email: 'invalidEmail' as const }),
      };
      if (Object.keys(errors).length > 0) {
        return send(reply, 422, {
          language,
          title: say(language, 'orderTitle'),
          shop: identity(shop),
          main: orderForm({
            language,
            mandantId: shop.id,
            productName: productName(shop, produkt),
            empfehlungsnummer: nr,
            produkt,
            auftragsnummer,
            values,
            errors,
          }),
        });
      }
      // The person's data stays here: the integration API takes identifiers only.
      const result = await report(shop, `order-${auftragsnummer}`, {
        Typ: 'order.placed',
        Empfehlungsnummer: nr,
        Auftragsnummer: auftragsnummer,
        ProduktId: produkt,
        Auftragsdatum: today(),
        Kanal: 'link',
      });
      if (!result) return sendProblem(reply, 503, language, shop, 'notConnected');
      if (!result.ok) return sendRefusal(reply, language, shop, result);
      return send(reply, 200, {
        language,
        title: say(language, 'thanksTitle'),
        shop: identity(shop),
        main: thanks({
          language,
          mandantId: shop.id,
          vorname: values.vorname,
          auftragsnummer,
          empfehlungsnummer: result.answer.Empfehlungsnummer,
          status: result.answer.Empfehlungsstatus,
        }),
      });
    },
  );

  app.post<{ Params: { mandant: string }; Body: Fields | undefined }>(
    '/:mandant/vertrag',
    async (request, reply) => {
      const body = request.body ?? {};
      const language = formLanguage(request, body);
      const shop = shopOf(request.params.mandant);
      if (!shop) return sendProblem(reply, 404, language, undefined, 'unknownShop');
      const auftragsnummer = one(body.auftragsnummer) ?? '';
      if (!ORDER_NUMBER.test(auftragsnummer)) return sendProblem(reply, 400, language, shop, 'badLink');
      const result = await report(shop, `contract-${auftragsnummer}`, {
        Typ: 'contract.concluded',
        Auftragsnummer: auftragsnummer,
      });
      if (!result) return sendProblem(reply, 503, language, shop, 'notConnected');
      if (!result.ok) return sendRefusal(reply, language, shop, result);
      return send(reply, 200, {
        language,
        title: say(language, 'contractTitle'),
        shop: identity(shop),
        main: contractConfirmed(language, auftragsnummer),
      });
    },
  );

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      404,
      shopLanguage(undefined, request.headers['accept-language']),
      undefined,
      'unknownShop',
    ),
  );
  // Malformed bodies, wrong content types, oversized forms: the visitor's mistake, told as a page.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError) request.log.error({ err: error }, 'shop page failed');
    const language = shopLanguage(undefined, request.headers['accept-language']);
    return sendProblem(
      reply,
      clientError ? status : 500,
      language,
      undefined,
      clientError ? 'badLink' : 'failed',
    );
  });
  return app;
}

function formLanguage(request: FastifyRequest, body: Fields): ShopLanguage {
  return shopLanguage(one(body.lang), request.headers['accept-language']);
}
