import type { FastifyPluginAsync } from 'fastify';
import type { WebhookEventType } from '../../../schemas/api.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpunkt } from '../../../schemas/backofficeIntegration.ts';
import { backofficeWebhookEndpointSchema } from '../../../schemas/forms/backofficeWebhookEndpoint.ts';
import {
  type ExportQuerystring,
  exportQueryFromParams,
  exportQuerystringSchema,
  REPORT_EXPORT_FORMATS,
  type ReportQuery,
  reportPageSchema,
  reportQuerySchema,
} from '../../../schemas/reportQuery.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../../reports/reportExport.ts';
import { answerReport, prepareExport } from '../../reports/runReport.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { createWebhookEndpointService, webhookDeliveryReport } from './webhookEndpointService.ts';

const endpointSchema = {
  type: 'object',
  required: ['Id', 'Url', 'Ereignisse', 'Quelle', 'Angelegt'],
  properties: {
    Id: { type: 'string' },
    Url: { type: 'string' },
    Ereignisse: {
      type: 'array',
      items: { type: 'string', enum: WEBHOOK_EVENT_TYPES },
      description: 'Empty: every event type.',
    },
    Quelle: { type: 'string', enum: ['datenbank', 'konfiguration'] },
    Angelegt: { type: ['string', 'null'] },
  },
} as const;

const endpointWithSecretSchema = {
  ...endpointSchema,
  required: [...endpointSchema.required, 'Geheimnis'],
  properties: {
    ...endpointSchema.properties,
    Geheimnis: { type: 'string', description: 'whsec_…: shown in this answer only.' },
  },
} as const;

const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
const deliveryRowSchema = {
  type: 'object',
  required: ['Id', 'Angelegt', 'Endpunkt', 'Ereignis', 'Status', 'Versuche'],
  properties: {
    Id: { type: 'string', description: 'The message id (webhook-id header).' },
    Angelegt: { type: 'string' },
    Endpunkt: { type: 'string' },
    Ereignis: { type: 'string' },
    Status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    Versuche: { type: 'integer' },
    LetzterVersuch: nullable('string'),
    LetzterHttpStatus: nullable('integer'),
    LetzterFehler: { ...nullable('string'), description: 'The kind of the last failure, never a message.' },
  },
} as const;

const idParams = (pattern: string) =>
  ({
    type: 'object',
    required: ['mandant', 'id'],
    properties: { ...mandantParamsSchema.properties, id: { type: 'string', pattern } },
  }) as const;

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const MESSAGE_ID = '^msg_[A-Za-z0-9_-]{1,64}$';
const COLUMNS_TEXT =
  'Sortable: Angelegt (default, newest first), Endpunkt, Ereignis, Status, Versuche. Filterable: Id, Angelegt (day or FROM..TO), Endpunkt, Ereignis (contains), Status (A,B).';

type IdParams = MandantParams & { id: string };

/** Webhook endpoints, their delivery log and replay (issue 15); ability webhooks (admins). */
export const webhookEndpointRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const endpoints = createWebhookEndpointService({
    db,
    cipher: app.fieldCipher,
    allowLoopbackHttp: app.config.demoAccounts,
  });
  const onRequest = app.authenticateBackoffice('webhooks');
  const boundaries = new PageBoundaryCache();

  app.get<{ Params: MandantParams }>(
    '/:mandant/backoffice/webhooks/endpunkte',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'The webhook endpoints: made in the back office, then those of the config',
        description: 'Never a secret. Endpoints of the config (programme.webhooks) are listed read-only.',
        params: mandantParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['Endpunkte'],
            properties: { Endpunkte: { type: 'array', items: endpointSchema } },
          },
          ...errorResponses,
        },
      },
    },
    async (request): Promise<{ Endpunkte: WebhookEndpunkt[] }> => ({
      Endpunkte: await endpoints.list(requireMandant(app.mandants, backofficeOf(request).mandantId)),
    }),
  );

  app.post<{ Params: MandantParams; Body: { Url: string; Ereignisse?: WebhookEventType[] } }>(
    '/:mandant/backoffice/webhooks/endpunkte',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Add a webhook endpoint; the answer carries its signing secret, once',
        description:
          'https only (422 PSOF0812; http to localhost only while the demo data is on); a URL the mandant already has: 409 PSOF0813. Ereignisse empty or missing: every event type. Audited as webhookEndpoint.created.',
        params: mandantParamsSchema,
        body: bodySchemaOf(backofficeWebhookEndpointSchema),
        response: { 201: endpointWithSecretSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = backofficeOf(request);
      const created = await endpoints.create(
        requireMandant(app.mandants, admin.mandantId),
        admin,
        request.body,
      );
      // The worker runs only where some endpoint exists; from now on one does.
      app.webhooks.worker.start();
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete<{ Params: IdParams }>(
    '/:mandant/backoffice/webhooks/endpunkte/:id',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Remove a webhook endpoint made in the back office',
        description:
          'No new deliveries go there; open ones end as not_configured. Unknown, another mandant’s or one of the config: 404 PSOF0814. Audited as webhookEndpoint.deleted.',
        params: idParams(UUID),
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      await endpoints.remove(backofficeOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: MandantParams; Body: ReportQuery }>(
    '/:mandant/backoffice/webhooks/zustellungen/report',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'The webhook delivery log, one page for a report query',
        description: `Status, attempts and the last failure of each delivery; no payload. ${COLUMNS_TEXT} A bad OrderBy, Filter or Pagesize: 400 PSOF0013.`,
        params: mandantParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(deliveryRowSchema), ...errorResponses },
      },
    },
    async (request) =>
      answerReport(
        db,
        webhookDeliveryReport,
        { mandantId: backofficeOf(request).mandantId, context: {}, query: request.body },
        boundaries,
      ),
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: MandantParams; Querystring: ExportQuerystring }>(
      `/:mandant/backoffice/webhooks/zustellungen/report/export.${format}`,
      {
        onRequest,
        schema: {
          tags: ['backoffice'],
          summary: `The webhook delivery log as ${format.toUpperCase()}`,
          description: `Query parameters: OrderBy, Descending, Filter.Column=value. ${COLUMNS_TEXT} Streamed.`,
          params: mandantParamsSchema,
          querystring: exportQuerystringSchema,
          response: {
            200: { type: 'string', format: 'binary', description: EXPORT_CONTENT_TYPES[format] },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { mandantId } = backofficeOf(request);
        const rows = prepareExport(db, webhookDeliveryReport, {
          mandantId,
          context: {},
          query: exportQueryFromParams(request.query),
        });
        const columns = webhookDeliveryReport.columns;
        const body = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, 'Zustellungen');
        body.on('error', (error) => request.log.error({ err: error }, 'webhook log export failed'));
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="webhook-zustellungen-${mandantId}.${format}"`)
          .send(body);
      },
    );
  }

  app.post<{ Params: IdParams }>(
    '/:mandant/backoffice/webhooks/zustellungen/:id/erneut',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'Replay a webhook delivery: a new delivery of the same event to the same endpoint',
        description:
          'A new message id, sent by the worker like any delivery. Unknown or another mandant’s delivery: 404 PSOF0815. Audited as webhookDelivery.replayed.',
        params: idParams(MESSAGE_ID),
        response: {
          202: { type: 'object', required: ['Id'], properties: { Id: { type: 'string' } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = await endpoints.replay(backofficeOf(request), request.params.id);
      app.webhooks.worker.start();
      app.webhooks.kick();
      return reply.code(202).send({ Id: id });
    },
  );
};
