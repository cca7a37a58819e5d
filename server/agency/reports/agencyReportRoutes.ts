import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AgencyAbility } from '../../../domain/agencyAbilities.ts';
import { localisedTexts } from '../../../schemas/praemien.ts';
import {
  type ExportQuerystring,
  exportQueryFromParams,
  exportQuerystringSchema,
  REPORT_EXPORT_FORMATS,
  type ReportQuery,
  reportPageSchema,
  reportQuerySchema,
} from '../../../schemas/reportQuery.ts';
import { errorResponses, requireMandant } from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { productNameIn } from '../../recommender/recommendationReport.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import type { ReportDefinition } from '../../reports/ReportDefinition.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../../reports/reportExport.ts';
import { answerReport, prepareExport } from '../../reports/runReport.ts';
import { findEntry } from '../../rewards/rewardCatalogue.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import { productKey } from '../rewardPlan/rewardPlan.ts';
import type { AgencyReportContext } from './agencyReportContext.ts';
import { AGENCY_REPORTS, type AgencyReportSpec } from './agencyReports.ts';
import { orderReleaseRoutes } from './orderReleaseRoutes.ts';
import { agencyNumberParam, requireOwnAgencyNumber } from './ownAgencyNumber.ts';

const bearer = [{ bearer: [] }];

interface AgencyNumberParams {
  mandant: string;
  nr: string;
}

const agencyNumberParamsSchema = {
  type: 'object',
  required: ['mandant', 'nr'],
  properties: {
    mandant: { type: 'string', description: 'Mandant id (case-insensitive).' },
    nr: agencyNumberParam,
  },
} as const;

/**
 * The agency's reports of SPEC 7 (`PUT agentur/{x}`, `agentur/auftraege/{x}/`, `agentur/empfehlungen/{x}/`,
 * `agentur/leads/{x}/`, `agentur/einladungen/{x}/`, `agentur/praemien/{x}/`), each with its CSV and XLSX
 * export (`…/{x}/export.csv|xlsx`), and the order release. Every route is behind
 * `app.authenticateAgency(<ability>)` and reads only the caller's agency's rows (server/agency/reports/README.md).
 */
export const agencyReportRoutes: FastifyPluginAsync = async (app) => {
  for (const spec of AGENCY_REPORTS) registerReport(app, spec);
  await app.register(orderReleaseRoutes);
};

function registerReport<Row extends object>(app: FastifyInstance, spec: AgencyReportSpec<Row>): void {
  const hook = app.authenticateAgency(spec.ability);
  // Per app instance: a hint for sequential paging, see server/reports/README.md.
  const boundaries = new PageBoundaryCache();
  const access = accessText(spec.ability);
  // Export and answer only the wire row's fields: a report's other SQL columns serve its order and toRows.
  const wireColumns = spec.wireColumns;

  async function reportRequest(request: FastifyRequest<{ Params: AgencyNumberParams }>): Promise<{
    mandantId: string;
    context: AgencyReportContext;
    definition: ReportDefinition<AgencyReportContext, Row>;
  }> {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    const agency = agencyOf(request);
    await requireOwnAgencyNumber(app, agency, request.params.nr);
    const language = requestLanguage(request);
    const now = app.config.clock.now();
    return {
      mandantId: mandant.id,
      definition: spec.report(now),
      context: {
        mandantId: mandant.id,
        agencyId: agency.agencyId,
        productName: productNameIn(app.productCatalogues.get(mandant.id)),
        productKey: (produktId: string) => productKey(app.productCatalogues.get(mandant.id), produktId),
        rewardTitle: (praemieId) => {
          const entry = findEntry(mandant, praemieId);
          return entry ? localisedTexts(entry, language).Titel : null;
        },
        now,
      },
    };
  }

  app.put<{ Params: AgencyNumberParams; Body: ReportQuery }>(
    spec.path,
    {
      onRequest: hook,
      schema: {
        tags: ['agency'],
        summary: `${spec.summary}: one page for a report query (OrderBy, Descending, Pagesize, Pagenumber, Filter)`,
        description: `${access} ${spec.columnsText} An OrderBy or Filter column the report does not have, or a Pagesize outside 1–100: 400 PSOF0013.`,
        security: bearer,
        params: agencyNumberParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(spec.rowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { definition, ...target } = await reportRequest(request);
      return answerReport(app.database.kysely, definition, { ...target, query: request.body }, boundaries);
    },
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: AgencyNumberParams; Querystring: ExportQuerystring }>(
      `${spec.path}/export.${format}`,
      {
        onRequest: hook,
        schema: {
          tags: ['agency'],
          summary: `${spec.summary} as ${format.toUpperCase()}: every row, in the report’s order and filter`,
          description: `${access} Query parameters: OrderBy, Descending, Filter (text) or Filter.Column=value. ${spec.columnsText} Streamed; CSV cells that a spreadsheet would run as a formula start with '.`,
          security: bearer,
          params: agencyNumberParamsSchema,
          querystring: exportQuerystringSchema,
          response: {
            200: { type: 'string', format: 'binary', description: EXPORT_CONTENT_TYPES[format] },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { definition, ...target } = await reportRequest(request);
        // Checked before the first byte: a bad OrderBy or Filter is still a 400.
        const rows = prepareExport(app.database.kysely, definition, {
          ...target,
          query: exportQueryFromParams(request.query),
        });
        const columns = definition.columns.filter((column) => wireColumns.includes(column.name));
        const body = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, spec.sheet);
        body.on('error', (error) => request.log.error({ err: error }, 'agency report export failed'));
        request.log.info(
          { mandant: target.mandantId, report: definition.name, format },
          'agency export started',
        );
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${spec.file}-${request.params.nr}.${format}"`)
          .send(body);
      },
    );
  }
}

function accessText(ability: AgencyAbility): string {
  return `Access: a logged-in agency user (agency token of this mandant, user active) whose role has the ability '${ability}' (domain/agencyAbilities.ts; else 403 PSOF0600); only rows of the caller's own agency. {x} must be the caller's Agenturnummer, else 404 PSOF0601.`;
}
