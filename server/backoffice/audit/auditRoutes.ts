import type { FastifyPluginAsync } from 'fastify';
import {
  type ExportQuerystring,
  exportQueryFromParams,
  exportQuerystringSchema,
  REPORT_EXPORT_FORMATS,
  type ReportQuery,
  reportPageSchema,
  reportQuerySchema,
} from '../../../schemas/reportQuery.ts';
import { errorResponses, type MandantParams, mandantParamsSchema } from '../../http/mandantParam.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../../reports/reportExport.ts';
import { answerReport, prepareExport } from '../../reports/runReport.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { auditReport } from './auditReport.ts';

const nullableText = { type: ['string', 'null'] } as const;
const rowSchema = {
  type: 'object',
  required: ['Id', 'Zeitpunkt', 'Akteur', 'Aktion', 'Objekttyp', 'ObjektId', 'Vorher', 'Nachher'],
  properties: {
    Id: { type: 'string' },
    Zeitpunkt: { type: 'string', description: 'YYYY-MM-DDThh:mm:ss (Europe/Berlin).' },
    Akteur: { type: 'string', description: 'The back-office user’s e-mail.' },
    Aktion: { type: 'string', description: 'Dotted, e.g. apiKey.rotated, order.confirmed, login.succeeded.' },
    Objekttyp: { type: 'string' },
    ObjektId: { type: 'string' },
    Vorher: { ...nullableText, description: 'The record before, JSON.' },
    Nachher: { ...nullableText, description: 'The record after, JSON.' },
  },
} as const;

const COLUMNS_TEXT =
  'Sortable: Zeitpunkt (default, newest first), Akteur, Aktion, Objekttyp. Filterable: Zeitpunkt (day or FROM..TO), Akteur, Aktion, Objekttyp, ObjektId (contains). A bad OrderBy, Filter or Pagesize: 400 PSOF0013.';

/** The audit log (issue 15, ability audit): read, filter and export; reading it is not itself audited. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const onRequest = app.authenticateBackoffice('audit');
  const boundaries = new PageBoundaryCache();

  app.put<{ Params: MandantParams; Body: ReportQuery }>(
    '/:mandant/backoffice/protokoll/report',
    {
      onRequest,
      schema: {
        tags: ['backoffice'],
        summary: 'The audit log, one page for a report query',
        description: `Every back-office action of this mandant: who, what, on which record, when, before and after. ${COLUMNS_TEXT}`,
        params: mandantParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(rowSchema), ...errorResponses },
      },
    },
    async (request) =>
      answerReport(
        db,
        auditReport,
        { mandantId: backofficeOf(request).mandantId, context: {}, query: request.body },
        boundaries,
      ),
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: MandantParams; Querystring: ExportQuerystring }>(
      `/:mandant/backoffice/protokoll/report/export.${format}`,
      {
        onRequest,
        schema: {
          tags: ['backoffice'],
          summary: `The audit log as ${format.toUpperCase()}: every entry in the report’s order and filter`,
          description: `Query parameters: OrderBy, Descending, Filter.Column=value. ${COLUMNS_TEXT} Streamed; CSV cells a spreadsheet would run as a formula start with '.`,
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
        const rows = prepareExport(db, auditReport, {
          mandantId,
          context: {},
          query: exportQueryFromParams(request.query),
        });
        const body =
          format === 'csv'
            ? csvStream(auditReport.columns, rows)
            : xlsxStream(auditReport.columns, rows, 'Protokoll');
        body.on('error', (error) => request.log.error({ err: error }, 'audit export failed'));
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="protokoll-${mandantId}.${format}"`)
          .send(body);
      },
    );
  }
};
