import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { berlinMonth, firstDayOf } from '../../../domain/invoice.ts';
import {
  PROFI_AUFGABEN,
  PROFI_AUFTRAG_STATUS,
  PROFI_PROVISION_GRUENDE,
  PROFI_PROVISION_STATUS,
  type ProfiAufgabe,
  type ProfiUebersicht,
} from '../../../schemas/profi.ts';
import {
  type ExportQuerystring,
  exportQueryFromParams,
  REPORT_EXPORT_FORMATS,
  REPORT_FILTER_MAX_LENGTH,
  REPORT_MAX_FILTERS,
} from '../../../schemas/reportQuery.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { productNameIn } from '../../recommender/recommendationReport.ts';
import { PAGE_SIZE_MAX } from '../../reports/keysetCursor.ts';
import type { ReportDefinition } from '../../reports/ReportDefinition.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../../reports/reportExport.ts';
import { prepareExport } from '../../reports/runReport.ts';
import { currentAgreementVersion } from '../account/profiSellers.ts';
import { profiCommissionReport } from '../commissions/profiCommissionReport.ts';
import { profiOf } from '../profiAuthPlugin.ts';
import { PROFI_AUFTRAG_FIELDS, type ProfiReportContext, profiOrderReport } from './profiOrderReport.ts';
import { reportCursorPage } from './reportCursorPage.ts';

const bearer = [{ bearer: [] }];
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const day = { type: 'string', description: 'YYYY-MM-DD.' } as const;

const ACCESS =
  'Access: a profi-seller of this mandant (a recommender token whose account has an active seller record; no token 401 PSOF0210, another kind 403 PSOF0202, no seller 403 PSOF0940); only the seller’s own rows.';

const auftragSchema = {
  type: 'object',
  description: 'schemas/profi.ts ProfiAuftrag.',
  required: [...PROFI_AUFTRAG_FIELDS],
  properties: {
    Auftragsnummer: text,
    Empfehlungsnummer: text,
    ProduktId: text,
    Produkt: {
      ...nullableText,
      description: 'The product’s name; null when the catalogue no longer has it.',
    },
    Datum: day,
    Status: { type: 'string', enum: [...PROFI_AUFTRAG_STATUS] },
    ProvisionCent: { type: 'integer' },
    ProvisionStatus: { type: 'string', enum: [...PROFI_PROVISION_STATUS] },
  },
} as const;

const provisionSchema = {
  type: 'object',
  description: 'schemas/profi.ts ProfiProvision.',
  required: [
    'Auftragsnummer',
    'ProduktId',
    'Produkt',
    'Datum',
    'BasisCent',
    'ExtraCent',
    'BetragCent',
    'Status',
    'Grund',
    'Gutschrift',
  ],
  properties: {
    Auftragsnummer: text,
    ProduktId: text,
    Produkt: nullableText,
    Datum: day,
    BasisCent: { type: 'integer', description: 'From the product’s Provision text (standard;7000 → 7000).' },
    ExtraCent: { type: 'integer', description: 'Campaign extras.' },
    BetragCent: { type: 'integer' },
    Status: { type: 'string', enum: [...PROFI_PROVISION_STATUS] },
    Grund: { type: 'string', enum: [...PROFI_PROVISION_GRUENDE] },
    Gutschrift: { ...nullableText, description: 'The credit note’s number (GS-P-000001) once billed.' },
  },
} as const;

const uebersichtSchema = {
  type: 'object',
  description: 'schemas/profi.ts ProfiUebersicht.',
  required: [
    'Profinummer',
    'Name',
    'Monat',
    'OffenCent',
    'FreigegebenCent',
    'AusgezahltCent',
    'LetzteAuftraege',
    'Aufgaben',
  ],
  properties: {
    Profinummer: text,
    Name: text,
    Monat: { type: 'string', description: 'YYYY-MM (Berlin).' },
    OffenCent: { type: 'integer', description: 'Pending commissions of orders that came in this month.' },
    FreigegebenCent: { type: 'integer', description: 'Commissions approved this month.' },
    AusgezahltCent: { type: 'integer', description: 'Commissions paid this month.' },
    LetzteAuftraege: { type: 'array', items: auftragSchema },
    Aufgaben: { type: 'array', items: { type: 'string', enum: [...PROFI_AUFGABEN] } },
  },
} as const;

const filterValue = { type: 'string', maxLength: REPORT_FILTER_MAX_LENGTH } as const;

/** The list's query: cursor paging plus the export link's order and filter. */
const listQuerystringSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    Pagesize: {
      type: 'string',
      description: `Rows per page, 1–${PAGE_SIZE_MAX} (default ${PAGE_SIZE_MAX}).`,
    },
    Cursor: {
      type: 'string',
      maxLength: 1000,
      description:
        'The previous page’s X-Next-Cursor (also in Link: <…>; rel="next"); absent: the first page. Of another list, owner, order or filter: 400 PSOF0921; malformed: 400 PSOF0920.',
    },
    OrderBy: { type: 'string', maxLength: 64 },
    Descending: { type: 'boolean' },
    Filter: filterValue,
  },
  patternProperties: { '^Filter\\.[A-Za-z][A-Za-z0-9_]{0,63}$': filterValue },
  maxProperties: REPORT_MAX_FILTERS + 5,
} as const;

type ListQuerystring = ExportQuerystring & { Pagesize?: string; Cursor?: string };

const ORDERS_COLUMNS =
  'Sortable: Erfasst (when the order came in; default, newest first with Descending=true; not a field of the row), Auftragsnummer, Empfehlungsnummer, ProduktId, Datum, Status, ProvisionCent, ProvisionStatus. Filter.Column: Auftragsnummer, Empfehlungsnummer, ProduktId (contains), Datum and Erfasst (day or FROM..TO, Berlin), Status and ProvisionStatus (A,B), ProvisionCent (N or MIN..MAX cents). A bad column or value: 400 PSOF0013.';

/**
 * The seller's read routes (issue 16): the overview, the orders (cursor list and CSV/XLSX export, the
 * report machinery of server/reports) and the commission lines. Every query is scoped by the seller.
 */
export const profiOrderRoutes: FastifyPluginAsync = async (app) => {
  const hook = app.authenticateProfi();

  const reportRequest = (request: FastifyRequest<{ Params: MandantParams }>) => {
    const mandant = requireMandant(app.mandants, request.params.mandant);
    const profi = profiOf(request);
    const context: ProfiReportContext = {
      mandantId: mandant.id,
      sellerId: profi.sellerId,
      productName: productNameIn(app.productCatalogues.get(mandant.id)),
    };
    return { mandant, profi, context };
  };

  const listRoute = <Row>(
    path: string,
    definition: ReportDefinition<ProfiReportContext, Row>,
    rowSchema: object,
    summary: string,
    columnsText: string,
  ) =>
    app.get<{ Params: MandantParams; Querystring: ListQuerystring }>(
      path,
      {
        onRequest: hook,
        schema: {
          tags: ['profi'],
          summary,
          description: `${ACCESS} Cursor paging: at most Pagesize rows; when more follow, X-Next-Cursor and Link: <…?Cursor=…>; rel="next" (page size outside 1–100: 400 PSOF0922). ${columnsText}`,
          security: bearer,
          params: mandantParamsSchema,
          querystring: listQuerystringSchema,
          response: { 200: { type: 'array', items: rowSchema }, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { context } = reportRequest(request);
        const { Pagesize, Cursor, ...rest } = request.query;
        return reportCursorPage(
          app.database.kysely,
          definition,
          {
            mandantId: context.mandantId,
            context,
            query: exportQueryFromParams(rest),
            pagesize: Pagesize,
            cursor: Cursor,
            url: request.url,
          },
          reply,
        );
      },
    );

  listRoute(
    '/:mandant/profi/auftraege',
    profiOrderReport,
    auftragSchema,
    'The seller’s orders with their lifecycle status and commission, newest first (cursor paging)',
    ORDERS_COLUMNS,
  );
  listRoute(
    '/:mandant/profi/provisionen',
    profiCommissionReport,
    provisionSchema,
    'The seller’s commission lines with status and reason, newest first (cursor paging)',
    'Sortable: Erfasst (default, newest first with Descending=true), ProduktId, BasisCent, ExtraCent, BetragCent, Status. Filter.Column: Auftragsnummer, ProduktId (contains), Datum and Erfasst (day or FROM..TO), Status (A,B), BetragCent (N or MIN..MAX). A bad column or value: 400 PSOF0013.',
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: MandantParams; Querystring: ExportQuerystring }>(
      `/:mandant/profi/auftraege.${format}`,
      {
        onRequest: hook,
        schema: {
          tags: ['profi'],
          summary: `The seller’s orders as ${format.toUpperCase()}: every row, in the list’s order and filter`,
          description: `${ACCESS} Query parameters as the list's (OrderBy, Descending, Filter.Column), no paging. ${ORDERS_COLUMNS} Streamed; CSV cells that a spreadsheet would run as a formula start with '.`,
          security: bearer,
          params: mandantParamsSchema,
          querystring: { ...listQuerystringSchema, properties: { ...listQuerystringSchema.properties } },
          response: {
            200: { type: 'string', format: 'binary', description: EXPORT_CONTENT_TYPES[format] },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { context, profi } = reportRequest(request);
        const { Pagesize: _size, Cursor: _cursor, ...rest } = request.query as ListQuerystring;
        // Checked before the first byte: a bad OrderBy or Filter is still a 400.
        const rows = prepareExport(app.database.kysely, profiOrderReport, {
          mandantId: context.mandantId,
          context,
          query: exportQueryFromParams(rest),
        });
        const columns = profiOrderReport.columns.filter((column) =>
          (PROFI_AUFTRAG_FIELDS as readonly string[]).includes(column.name),
        );
        const body = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, 'Auftraege');
        body.on('error', (error) => request.log.error({ err: error }, 'profi order export failed'));
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="auftraege-${profi.profinummer}.${format}"`)
          .send(body);
      },
    );
  }

  app.get<{ Params: MandantParams }>(
    '/:mandant/profi/uebersicht',
    {
      onRequest: hook,
      schema: {
        tags: ['profi'],
        summary: 'The seller’s month at a glance: sums by status, the newest five orders, open tasks',
        description: `${ACCESS} Sums of the current Berlin month: pending commissions of orders that came in this month, commissions approved this month, commissions paid this month. Aufgaben: Bankdaten (no IBAN), Vereinbarung (agreement not accepted), Steuerdaten (neither tax number nor VAT ID).`,
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: uebersichtSchema, ...errorResponses },
      },
    },
    async (request) => overview(app, request),
  );
};

async function overview(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: MandantParams }>,
): Promise<ProfiUebersicht> {
  const mandant = requireMandant(app.mandants, request.params.mandant);
  const profi = profiOf(request);
  const db = app.database.kysely;
  const monat = berlinMonth(app.config.clock.now());
  const from = sql<Date>`(${firstDayOf(monat)}::date::timestamp at time zone 'Europe/Berlin')`;
  const seller = await db
    .selectFrom('profi_seller')
    .innerJoin('account', 'account.id', 'profi_seller.account_id')
    .select([
      'profi_seller.art',
      'profi_seller.firma',
      'profi_seller.steuernummer',
      'profi_seller.ust_id',
      'profi_seller.iban_encrypted',
      'profi_seller.vereinbarung_at',
      'profi_seller.vereinbarung_version',
      'account.vorname',
      'account.nachname',
    ])
    .where('profi_seller.mandant_id', '=', mandant.id)
    .where('profi_seller.id', '=', profi.sellerId)
    .executeTakeFirstOrThrow();
  const amount = sql<number>`basis_cent + extra_cent`;
  const sum = (status: 'pending' | 'approved' | 'paid', column: 'created_at' | 'approved_at' | 'paid_at') =>
    sql<
      string | number
    >`coalesce(sum(${amount}) filter (where status = ${status} and ${sql.ref(column)} >= ${from}), 0)`;
  const sums = await db
    .selectFrom('profi_commission')
    .select([
      sum('pending', 'created_at').as('offen'),
      sum('approved', 'approved_at').as('freigegeben'),
      sum('paid', 'paid_at').as('ausgezahlt'),
    ])
    .where('mandant_id', '=', mandant.id)
    .where('profi_seller_id', '=', profi.sellerId)
    .executeTakeFirstOrThrow();
  const context: ProfiReportContext = {
    mandantId: mandant.id,
    sellerId: profi.sellerId,
    productName: productNameIn(app.productCatalogues.get(mandant.id)),
  };
  // The list's first page of five; its next-page headers are not the overview's business.
  const LetzteAuftraege = await reportCursorPage(
    db,
    profiOrderReport,
    { mandantId: mandant.id, context, query: {}, pagesize: 5, cursor: undefined, url: request.url },
    { header: () => undefined },
  );
  const Aufgaben: ProfiAufgabe[] = [
    ...(seller.iban_encrypted === null ? (['Bankdaten'] as const) : []),
    // An agreement of another version than the one asked for now is not accepted (server/profi/README.md).
    ...(seller.vereinbarung_at === null || seller.vereinbarung_version !== currentAgreementVersion(mandant)
      ? (['Vereinbarung'] as const)
      : []),
    ...(seller.steuernummer === '' && seller.ust_id === '' ? (['Steuerdaten'] as const) : []),
  ];
  return {
    Profinummer: profi.profinummer,
    Name:
      seller.art === 'firma' && seller.firma ? seller.firma : `${seller.vorname} ${seller.nachname}`.trim(),
    Monat: monat,
    OffenCent: Number(sums.offen),
    FreigegebenCent: Number(sums.freigegeben),
    AusgezahltCent: Number(sums.ausgezahlt),
    LetzteAuftraege,
    Aufgaben,
  };
}
