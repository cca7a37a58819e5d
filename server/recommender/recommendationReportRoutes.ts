import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { RECOMMENDATION_STATUSES } from '../../schemas/personalArea.ts';
import {
  type ExportQuerystring,
  exportQueryFromParams,
  exportQuerystringSchema,
  REPORT_EXPORT_FORMATS,
  type ReportQuery,
  reportPageSchema,
  reportQuerySchema,
} from '../../schemas/reportQuery.ts';
import { principalOf, sessionAccount } from '../account/sessionAccount.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../http/mandantParam.ts';
import { PageBoundaryCache } from '../reports/PageBoundaryCache.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../reports/reportExport.ts';
import { answerReport, prepareExport } from '../reports/runReport.ts';
import { ownerOf } from '../rewards/rewardAccess.ts';
import { productNameIn, recommendationReport } from './recommendationReport.ts';

const bearer = [{ bearer: [] }];
const nullableString = { type: ['string', 'null'] } as const;

const rowSchema = {
  type: 'object',
  required: ['Empfehlungsnummer', 'Datum', 'Status', 'Produkt', 'Channel', 'Empfaenger', 'PraemieCent'],
  properties: {
    Empfehlungsnummer: { type: 'string' },
    Datum: { type: 'string', description: 'YYYY-MM-DDThh:mm:ss (Europe/Berlin).' },
    Status: { type: 'string', enum: [...RECOMMENDATION_STATUSES] },
    Produkt: { ...nullableString, description: 'The product’s name.' },
    Channel: nullableString,
    Empfaenger: { ...nullableString, description: 'The recipient, masked (M*** M***).' },
    PraemieCent: { type: ['integer', 'null'], description: 'The reward earned, in cents.' },
  },
} as const;

const COLUMNS_TEXT =
  'Sortable: Empfehlungsnummer, Datum (default, newest first), Status, Channel. Filterable: Empfehlungsnummer, Channel (contains), Datum (day or FROM..TO), Status (A,B). A text Filter searches Empfehlungsnummer and Channel.';
const ACCESS_TEXT =
  'Access: the logged-in recommender (session token of kind user) of this mandant; only their own recommendations.';

/**
 * The recommender's recommendations as a report (issue 11: the demo of server/reports): one page for SPEC
 * 3's report query, and the same list with the same order and filter as CSV or XLSX.
 */
export const recommendationReportRoutes: FastifyPluginAsync = async (app) => {
  const user = app.authenticate('user');
  // Per app instance: a hint for sequential paging, see server/reports/README.md.
  const boundaries = new PageBoundaryCache();

  async function reportRequest(request: FastifyRequest<{ Params: MandantParams }>) {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    const account = await sessionAccount(app.accountRepository, principalOf(request));
    return {
      mandantId: mandant.id,
      context: {
        owner: ownerOf(account),
        productName: productNameIn(app.productCatalogues.get(mandant.id)),
      },
    };
  }

  app.put<{ Params: MandantParams; Body: ReportQuery }>(
    '/:mandant/empfehler/empfehlungen/report',
    {
      onRequest: user,
      schema: {
        tags: ['recommender'],
        summary:
          'The recommender’s recommendations, one page for a report query (OrderBy, Descending, Pagesize, Pagenumber, Filter)',
        description: `${ACCESS_TEXT} ${COLUMNS_TEXT} An OrderBy or Filter column the report does not have, or a Pagesize outside 1–100: 400 PSOF0013.`,
        security: bearer,
        params: mandantParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(rowSchema), ...errorResponses },
      },
    },
    async (request) =>
      answerReport(
        app.database.kysely,
        recommendationReport,
        { ...(await reportRequest(request)), query: request.body },
        boundaries,
      ),
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: MandantParams; Querystring: ExportQuerystring }>(
      `/:mandant/empfehler/empfehlungen/report/export.${format}`,
      {
        onRequest: user,
        schema: {
          tags: ['recommender'],
          summary: `The recommender’s recommendations as ${format.toUpperCase()}: every row, in the report’s order and filter`,
          description: `${ACCESS_TEXT} Query parameters: OrderBy, Descending, Filter (text) or Filter.Column=value. ${COLUMNS_TEXT} Streamed; CSV cells that a spreadsheet would run as a formula start with '.`,
          security: bearer,
          params: mandantParamsSchema,
          querystring: exportQuerystringSchema,
          response: {
            200: { type: 'string', format: 'binary', description: EXPORT_CONTENT_TYPES[format] },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const target = await reportRequest(request);
        // Checked before the first byte: a bad OrderBy or Filter is still a 400.
        const rows = prepareExport(app.database.kysely, recommendationReport, {
          ...target,
          query: exportQueryFromParams(request.query),
        });
        const columns = recommendationReport.columns;
        const body = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, 'Empfehlungen');
        body.on('error', (error) => request.log.error({ err: error }, 'report export failed'));
        request.log.info({ mandant: target.mandantId, format }, 'recommendations export started');
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="empfehlungen-${target.mandantId}.${format}"`)
          .send(body);
      },
    );
  }
};
