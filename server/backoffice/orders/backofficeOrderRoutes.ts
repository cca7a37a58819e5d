import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  FRAUD_REASONS,
  ORDER_STATES,
  type OrderActionRequest,
  type OrderReassignRequest,
  type OrderSearchQuery,
  REVIEW_BULK_MAX,
  REVIEW_STATES,
  type ReviewBulkRequest,
  type ReviewBulkResponse,
  type ReviewRequest,
  TIMELINE_KINDS,
} from '../../../schemas/backofficeOrders.ts';
import {
  backofficeOrderActionSchema,
  backofficeOrderReassignSchema,
  backofficeReviewSchema,
} from '../../../schemas/forms/backofficeOrderAction.ts';
import { RECOMMENDATION_STATUSES } from '../../../schemas/personalArea.ts';
import {
  type ExportQuerystring,
  exportQueryFromParams,
  exportQuerystringSchema,
  REPORT_EXPORT_FORMATS,
  type ReportQuery,
  reportPageSchema,
  reportQuerySchema,
} from '../../../schemas/reportQuery.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import { errorResponses, requireMandant } from '../../http/mandantParam.ts';
import { productNameIn } from '../../recommender/recommendationReport.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../../reports/reportExport.ts';
import { answerReport, prepareExport } from '../../reports/runReport.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import {
  cancelOrder,
  confirmOrder,
  type OrderActionContext,
  reassignOrder,
  reviewOrder,
} from './orderActions.ts';
import { orderDetail } from './orderDetail.ts';
import { orderSearchReport } from './orderSearchReport.ts';
import { reviewQueueReport } from './reviewQueueReport.ts';

const tags = ['backoffice'];
const SEARCH_MAX = 254;

const mandantOnly = {
  type: 'object',
  required: ['mandant'],
  properties: { mandant: { type: 'string' } },
} as const;
const numberParams = (name: string, description: string) =>
  ({
    type: 'object',
    required: ['mandant', name],
    properties: {
      mandant: { type: 'string' },
      [name]: { type: 'string', minLength: 1, maxLength: 100, description },
    },
  }) as const;
const recommendationParams = numberParams('empfehlungsnummer', 'The recommendation’s Empfehlungsnummer.');
const orderParams = numberParams('auftragsnummer', 'The client’s order id (Auftragsnummer).');

const searchField = {
  type: ['string', 'null'],
  maxLength: SEARCH_MAX,
  description:
    'Exact match on an Empfehlungsnummer, a recommendation code, an Auftragsnummer, or the recommender’s or recipient’s e-mail (case-insensitive).',
} as const;
const searchBodySchema = {
  ...reportQuerySchema,
  properties: { ...reportQuerySchema.properties, Suche: searchField },
} as const;
const searchExportSchema = {
  ...exportQuerystringSchema,
  properties: { ...exportQuerystringSchema.properties, Suche: { type: 'string', maxLength: SEARCH_MAX } },
  maxProperties: exportQuerystringSchema.maxProperties + 1,
} as const;

const nullableString = { type: ['string', 'null'] } as const;
const searchRowSchema = {
  type: 'object',
  required: ['Empfehlungsnummer', 'Erstellt', 'Status', 'Auftragsstatus', 'Pruefung'],
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Code: nullableString,
    Erstellt: { type: 'string' },
    Status: { type: 'string', enum: RECOMMENDATION_STATUSES },
    Produkt: nullableString,
    Empfehler: nullableString,
    Empfaenger: nullableString,
    Auftragsnummer: nullableString,
    Auftragsstatus: { type: 'string', enum: ORDER_STATES },
    Pruefung: { type: 'string', enum: REVIEW_STATES },
  },
} as const;

const orderSchema = {
  type: 'object',
  properties: {
    Auftragsnummer: { type: 'string' },
    ProduktId: { type: 'string' },
    Produkt: nullableString,
    Auftragsdatum: { type: 'string' },
    Kanal: { type: 'string' },
    Quelle: { type: 'string' },
    Zugeordnet: { type: 'boolean' },
    Vertrag: nullableString,
    Storniert: nullableString,
    FreigabeAb: nullableString,
    Pruefung: { type: 'string', enum: REVIEW_STATES },
    Pruefgruende: { type: 'array', items: { type: 'string' } },
    Zustand: { type: 'string', enum: ORDER_STATES },
    Version: { type: 'integer' },
    Aktuell: { type: 'boolean' },
    Empfehlungsnummer: { type: 'string' },
  },
} as const;

const detailSchema = {
  type: 'object',
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Code: nullableString,
    Status: { type: 'string' },
    Erstellt: { type: 'string' },
    Produkt: nullableString,
    Empfehler: { type: 'object', properties: { Name: nullableString, Email: nullableString } },
    Empfaenger: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Empfaengernummer: { type: 'string' },
          Name: nullableString,
          Email: nullableString,
          Bestaetigt: nullableString,
        },
      },
    },
    Klicks: { type: 'integer' },
    Auftraege: { type: 'array', items: orderSchema },
    Praemien: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Empfaenger: { type: 'string' },
          WertCent: { type: 'integer' },
          Status: { type: 'string' },
          Auftragsnummer: nullableString,
          Gewaehlt: nullableString,
          Auszahlung: nullableString,
        },
      },
    },
    Verlauf: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Zeit: { type: 'string' },
          Art: { type: 'string', enum: TIMELINE_KINDS },
          Ereignis: { type: 'string' },
          Von: nullableString,
          Nach: nullableString,
          Akteur: nullableString,
          Auftragsnummer: nullableString,
          Hinweis: nullableString,
        },
      },
    },
  },
} as const;

const actionResponseSchema = {
  type: 'object',
  properties: {
    Auftragsnummer: { type: 'string' },
    Empfehlungsnummer: { type: 'string' },
    Empfehlungsstatus: { type: 'string' },
    Zustand: { type: 'string', enum: ORDER_STATES },
    Pruefung: { type: 'string', enum: REVIEW_STATES },
    Version: { type: 'integer' },
  },
} as const;

const version = {
  type: 'integer',
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'The order’s Version as the detail or the queue showed it.',
} as const;
const actionBodySchema = {
  ...bodySchemaOf(backofficeOrderActionSchema),
  additionalProperties: false,
  required: ['Version', 'Grund'],
  properties: { ...backofficeOrderActionSchema.properties, Version: version },
} as const;
const reassignBodySchema = {
  ...bodySchemaOf(backofficeOrderReassignSchema),
  additionalProperties: false,
  required: ['Version', 'Empfehlungscode', 'Grund'],
  properties: { ...backofficeOrderReassignSchema.properties, Version: version },
} as const;
const reviewBodySchema = {
  ...bodySchemaOf(backofficeReviewSchema),
  additionalProperties: false,
  required: ['Entscheidung', 'Version', 'Notiz'],
  properties: { ...backofficeReviewSchema.properties, Version: version },
} as const;
const reviewBulkBodySchema = {
  ...bodySchemaOf(backofficeReviewSchema),
  additionalProperties: false,
  required: ['Entscheidung', 'Notiz', 'Auftraege'],
  properties: {
    ...backofficeReviewSchema.properties,
    Auftraege: {
      type: 'array',
      minItems: 1,
      maxItems: REVIEW_BULK_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Auftragsnummer', 'Version'],
        properties: { Auftragsnummer: { type: 'string', minLength: 1, maxLength: 100 }, Version: version },
      },
    },
  },
} as const;

const reviewRowSchema = {
  type: 'object',
  properties: {
    Auftragsnummer: { type: 'string' },
    Erfasst: { type: 'string' },
    Auftragsdatum: { type: 'string' },
    Empfehlungsnummer: { type: 'string' },
    Produkt: nullableString,
    Empfehler: nullableString,
    Empfaenger: nullableString,
    Pruefgruende: {
      type: 'string',
      description: `The fraud checks' reason codes, comma-separated: ${FRAUD_REASONS.join(', ')}.`,
    },
    Version: { type: 'integer' },
  },
} as const;

const SEARCH_COLUMNS =
  'Columns: Empfehlungsnummer, Code, Erstellt, Status, Produkt, Empfehler, Empfaenger, Auftragsnummer, Auftragsstatus (keiner, wartet, bestaetigt, storniert, andererKanal), Pruefung. Sortable: Empfehlungsnummer, Erstellt, Status; filterable also Auftragsstatus and Pruefung.';
const ACTION_ERRORS =
  'Unknown order (or another mandant’s) 404 PSOF0721; the Version is not the current one 409 PSOF0705; a step the state machine does not allow 409 PSOF0509; bad body 400 PSOF0013. Written with its audit entry (before and after) in one transaction.';

interface SearchBody extends ReportQuery, OrderSearchQuery {}

/**
 * The back office's orders, recommendations and review queue (issue 15; server/backoffice/orders/README.md).
 * Reads need `reports`, actions on orders `orders`, the review queue `review`. Every query is scoped by the
 * back-office user's mandant; a record of another mandant is a 404.
 */
export const backofficeOrderRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const searchPages = new PageBoundaryCache();
  const reviewPages = new PageBoundaryCache();

  function target(request: FastifyRequest<{ Params: { mandant: string } }>) {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    const principal = backofficeOf(request);
    return {
      mandant,
      principal,
      productName: productNameIn(app.productCatalogues.get(mandant.id)),
    };
  }

  const normalisedSearch = (value: string | null | undefined) => {
    const search = value?.trim();
    return search ? search : null;
  };

  app.put<{ Params: { mandant: string }; Body: SearchBody }>(
    '/:mandant/backoffice/auftraege/',
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags,
        summary: 'Search recommendations and their orders: one page of a report query plus Suche',
        description: `Suche narrows to exact matches (Empfehlungsnummer, code, Auftragsnummer, e-mail of the recommender or recipient); without it every recommendation of the mandant, newest first. ${SEARCH_COLUMNS} Bad OrderBy, Filter or Pagesize: 400 PSOF0013.`,
        params: mandantOnly,
        body: searchBodySchema,
        response: { 200: reportPageSchema(searchRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { mandant, productName } = target(request);
      const { Suche, ...query } = request.body;
      return answerReport(
        db,
        orderSearchReport,
        {
          mandantId: mandant.id,
          context: { mandantId: mandant.id, search: normalisedSearch(Suche), productName },
          query,
        },
        searchPages,
      );
    },
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: { mandant: string }; Querystring: ExportQuerystring & { Suche?: string } }>(
      `/:mandant/backoffice/auftraege/export.${format}`,
      {
        onRequest: app.authenticateBackoffice('reports'),
        schema: {
          tags,
          summary: `The search as ${format.toUpperCase()}: every row, in the list’s order and filter`,
          description: `Query parameters: Suche, OrderBy, Descending, Filter or Filter.Column=value. ${SEARCH_COLUMNS} Streamed; CSV cells a spreadsheet would run as a formula start with '.`,
          params: mandantOnly,
          querystring: searchExportSchema,
          response: {
            200: { type: 'string', format: 'binary', description: EXPORT_CONTENT_TYPES[format] },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { mandant, productName } = target(request);
        const { Suche, ...params } = request.query;
        const rows = prepareExport(db, orderSearchReport, {
          mandantId: mandant.id,
          context: { mandantId: mandant.id, search: normalisedSearch(Suche), productName },
          query: exportQueryFromParams(params),
        });
        const columns = orderSearchReport.columns;
        const body = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, 'Auftraege');
        body.on('error', (error) => request.log.error({ err: error }, 'back-office order export failed'));
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="auftraege.${format}"`)
          .send(body);
      },
    );
  }

  app.get<{ Params: { mandant: string; empfehlungsnummer: string } }>(
    '/:mandant/backoffice/auftraege/:empfehlungsnummer',
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags,
        summary: 'One recommendation with its orders, rewards and the whole timeline',
        description:
          'Verlauf in time order: lifecycle events, clicks per day, the recipient’s steps, the orders’ moments, reward choices and payouts, and the back office’s actions from the audit log. Each order carries its Version for the actions. Unknown number or another mandant’s: 404 PSOF0720.',
        params: recommendationParams,
        response: { 200: detailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { mandant, productName } = target(request);
      return orderDetail(db, mandant.id, request.params.empfehlungsnummer, productName);
    },
  );

  const actionContext = (request: FastifyRequest<{ Params: { mandant: string } }>) => {
    const { mandant, principal } = target(request);
    return (trx: OrderActionContext['trx']): OrderActionContext => ({
      trx,
      deps: app.orderDeps,
      mandant,
      actor: principal.actor,
    });
  };
  const kick = () => {
    app.mail.kick();
    app.webhooks.kick();
  };

  app.post<{ Params: { mandant: string; auftragsnummer: string }; Body: OrderActionRequest }>(
    '/:mandant/backoffice/bestellungen/:auftragsnummer/bestaetigen',
    {
      onRequest: app.authenticateBackoffice('orders'),
      schema: {
        tags,
        summary: 'Confirm an order: the contract is concluded (with a reason)',
        description: `The client’s contract.concluded, by the back office: the claim period runs, the release follows when it is over and no review is open. Already confirmed 409 PSOF0722; cancelled 409 PSOF0723; not attributed (another channel) 409 PSOF0724. ${ACTION_ERRORS}`,
        params: orderParams,
        body: actionBodySchema,
        response: { 200: actionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const context = actionContext(request);
      const answer = await db.transaction().execute((trx) =>
        confirmOrder(context(trx), {
          auftragsnummer: request.params.auftragsnummer,
          version: request.body.Version,
          grund: request.body.Grund.trim(),
        }),
      );
      kick();
      return answer;
    },
  );

  app.post<{ Params: { mandant: string; auftragsnummer: string }; Body: OrderActionRequest }>(
    '/:mandant/backoffice/bestellungen/:auftragsnummer/stornieren',
    {
      onRequest: app.authenticateBackoffice('orders'),
      schema: {
        tags,
        summary: 'Cancel an order (with a reason)',
        description: `The client’s order.cancelled, by the back office: the recommendation and its open rewards become Storniert. Already cancelled 409 PSOF0723; paid out 409 PSOF0509. ${ACTION_ERRORS}`,
        params: orderParams,
        body: actionBodySchema,
        response: { 200: actionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const context = actionContext(request);
      const answer = await db.transaction().execute((trx) =>
        cancelOrder(context(trx), {
          auftragsnummer: request.params.auftragsnummer,
          version: request.body.Version,
          grund: request.body.Grund.trim(),
        }),
      );
      kick();
      return answer;
    },
  );

  app.post<{ Params: { mandant: string; auftragsnummer: string }; Body: OrderReassignRequest }>(
    '/:mandant/backoffice/bestellungen/:auftragsnummer/umbuchen',
    {
      onRequest: app.authenticateBackoffice('orders'),
      schema: {
        tags,
        summary: 'Reassign a mis-attributed order to the recommendation with this code (with a reason)',
        description: `Before the release only: the old recommendation’s open rewards of the order become Storniert, the order is attributed to the new one like an incoming order (fraud checks, order.attributed, rewards), a confirmed contract is repeated there. Unknown code 404 PSOF0725; the same recommendation 409 PSOF0726; the new one has an order or is closed 409 PSOF0727; the order is released or paid 409 PSOF0728; the order date before the new recommendation 422 PSOF0506; a product the new recommendation cannot lead to 422 PSOF0505. ${ACTION_ERRORS}`,
        params: orderParams,
        body: reassignBodySchema,
        response: { 200: actionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const context = actionContext(request);
      const answer = await db.transaction().execute((trx) =>
        reassignOrder(context(trx), {
          auftragsnummer: request.params.auftragsnummer,
          version: request.body.Version,
          grund: request.body.Grund.trim(),
          code: request.body.Empfehlungscode,
        }),
      );
      kick();
      return answer;
    },
  );

  app.put<{ Params: { mandant: string }; Body: ReportQuery }>(
    '/:mandant/backoffice/pruefung/',
    {
      onRequest: app.authenticateBackoffice('review'),
      schema: {
        tags,
        summary: 'The review queue: orders the fraud checks flagged, oldest first',
        description:
          'Columns: Auftragsnummer, Erfasst, Auftragsdatum, Empfehlungsnummer, Produkt, Empfehler, Empfaenger, Pruefgruende (codes), Version. Sortable and filterable: Auftragsnummer, Erfasst, Empfehlungsnummer. Bad query: 400 PSOF0013.',
        params: mandantOnly,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(reviewRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { mandant, productName } = target(request);
      return answerReport(
        db,
        reviewQueueReport,
        { mandantId: mandant.id, context: { mandantId: mandant.id, productName }, query: request.body },
        reviewPages,
      );
    },
  );

  app.post<{ Params: { mandant: string }; Body: ReviewBulkRequest }>(
    '/:mandant/backoffice/pruefung/sammel',
    {
      onRequest: app.authenticateBackoffice('review'),
      schema: {
        tags,
        summary: 'Approve or reject several flagged orders with one note',
        description: `Each order in its own transaction with its own audit entry; the answer says per order Ok or the error code (PSOF0721 unknown, PSOF0705 changed since, PSOF0729 not waiting for a review, PSOF0509 refused). At most ${REVIEW_BULK_MAX} orders; bad body 400 PSOF0013.`,
        params: mandantOnly,
        body: reviewBulkBodySchema,
        response: {
          200: {
            type: 'object',
            properties: {
              Ergebnisse: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    Auftragsnummer: { type: 'string' },
                    Ok: { type: 'boolean' },
                    Code: nullableString,
                  },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<ReviewBulkResponse> => {
      const context = actionContext(request);
      const Ergebnisse: ReviewBulkResponse['Ergebnisse'] = [];
      for (const row of request.body.Auftraege) {
        try {
          await db.transaction().execute((trx) =>
            reviewOrder(context(trx), {
              auftragsnummer: row.Auftragsnummer,
              version: row.Version,
              decision: request.body.Entscheidung,
              notiz: request.body.Notiz.trim(),
            }),
          );
          Ergebnisse.push({ Auftragsnummer: row.Auftragsnummer, Ok: true, Code: null });
        } catch (error) {
          if (!(error instanceof ApiProblem)) throw error;
          Ergebnisse.push({ Auftragsnummer: row.Auftragsnummer, Ok: false, Code: error.code });
        }
      }
      kick();
      return { Ergebnisse };
    },
  );

  app.post<{ Params: { mandant: string; auftragsnummer: string }; Body: ReviewRequest }>(
    '/:mandant/backoffice/pruefung/:auftragsnummer',
    {
      onRequest: app.authenticateBackoffice('review'),
      schema: {
        tags,
        summary: 'Approve (freigeben) or reject (ablehnen) a flagged order with a note',
        description: `Approved, the order is released like any other once its contract is confirmed and the claim period is over; rejected, the fraud is confirmed and the recommendation and its rewards become Storniert. Not waiting for a review 409 PSOF0729. ${ACTION_ERRORS}`,
        params: orderParams,
        body: reviewBodySchema,
        response: { 200: actionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const context = actionContext(request);
      const answer = await db.transaction().execute((trx) =>
        reviewOrder(context(trx), {
          auftragsnummer: request.params.auftragsnummer,
          version: request.body.Version,
          decision: request.body.Entscheidung,
          notiz: request.body.Notiz.trim(),
        }),
      );
      kick();
      return answer;
    },
  );
};
