import type { FastifyPluginAsync } from 'fastify';
import { SHARE_CHANNELS } from '../../../domain/recommendationLinks.ts';
import {
  BACKOFFICE_FIGURES_PATHS,
  FIGURES_TABLES,
  type FiguresTable,
  type KennzahlenAntwort,
  type KennzahlenAuswahl,
  kennzahlenAntwortSchema,
  kennzahlenAuswahlSchema,
} from '../../../schemas/backofficeFigures.ts';
import {
  type BackofficeFiguresFilter,
  backofficeFiguresFilterSchema,
} from '../../../schemas/forms/backofficeFigures.ts';
import { REPORT_EXPORT_FORMATS } from '../../../schemas/reportQuery.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import { errorResponses, type MandantParams, mandantParamsSchema } from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { productNameIn } from '../../recommender/recommendationReport.ts';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from '../../reports/reportExport.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { figuresQueryOf, programmeFigures } from './figures.ts';
import { figuresExportColumns, figuresExportRows } from './figuresExport.ts';
import { refreshFigures } from './figuresRollup.ts';

const MINUTE = 60_000;
/** How often the rollup job runs; a refresh without new days costs a few small statements. */
export const FIGURES_ROLLUP_INTERVAL_MS = 10 * MINUTE;

const filterQuerystring = bodySchemaOf(backofficeFiguresFilterSchema);
type FiguresQuerystring = Required<Pick<BackofficeFiguresFilter, 'von' | 'bis' | 'intervall'>> &
  Pick<BackofficeFiguresFilter, 'kanal' | 'produkt' | 'aktion'>;
type ExportQuerystring = FiguresQuerystring & { tabelle?: FiguresTable };

const FILTER_TEXT =
  'von/bis (YYYY-MM-DD, Berlin days, at most three years), intervall Tag|Woche|Monat (Tag: at most 366 days), optional kanal, produkt, aktion (`ohne`: facts without a channel or campaign). Malformed parameters: 400 PSOF0013; bis before von, no real day or more than three years: 400 PSOF0780; more than 366 days per day: 400 PSOF0781; a campaign the programme does not know: 400 PSOF0782.';

/**
 * The programme figures (issue 15, ability `reports`): clicks, confirmed recipients, orders, conversion,
 * rewards released and paid and payout totals by day, week or month, by channel and by product, from the
 * daily rollup plus the raw tail (docs/adr/0021); CSV and XLSX through server/reports' writers. Registers
 * the rollup job.
 */
export const figuresRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;

  app.jobs.register({
    name: 'rollUpFigures',
    intervalMs: FIGURES_ROLLUP_INTERVAL_MS,
    run: async () => {
      let days = 0;
      for (const mandant of app.mandants.all()) {
        const outcome = await refreshFigures(db, mandant.id);
        days += outcome.ranges.length;
      }
      return days;
    },
  });

  /** Campaigns a filter may name: the mandant's aktionen.json and those already in the rollup. */
  async function knownCampaigns(mandantId: string): Promise<string[]> {
    const configured = (app.recommendations.campaigns.get(mandantId) ?? []).map((entry) => entry.AktionsId);
    const stored = await db
      .selectFrom('figures_daily')
      .select('campaign')
      .distinct()
      .where('mandant_id', '=', mandantId)
      .where('campaign', '<>', '')
      .execute();
    return [...new Set([...configured, ...stored.map((row) => row.campaign)])];
  }

  async function answer(mandantId: string, query: FiguresQuerystring): Promise<KennzahlenAntwort> {
    const checked = figuresQueryOf(query, query.aktion === undefined ? [] : await knownCampaigns(mandantId));
    return programmeFigures(db, mandantId, checked, productNameIn(app.productCatalogues.get(mandantId)));
  }

  app.get<{ Params: MandantParams; Querystring: FiguresQuerystring }>(
    `/:mandant${BACKOFFICE_FIGURES_PATHS.figures}`,
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags: ['backoffice'],
        summary: 'Programme figures for a period, by day, week or month, by channel and by product',
        description: `Counts of the caller's mandant: clicks, recommendations, confirmed recipients, orders (not cancelled, by order date), conversion (orders per click and per recommendation), rewards released and paid (count and value) and executed payout runs; one point per bucket (every bucket present), one row per channel and per product. ${FILTER_TEXT} Payout runs have no channel, product or campaign; the filters do not apply to them.`,
        params: mandantParamsSchema,
        querystring: filterQuerystring,
        response: { 200: kennzahlenAntwortSchema, ...errorResponses },
      },
    },
    async (request) => answer(backofficeOf(request).mandantId, request.query),
  );

  app.get<{ Params: MandantParams }>(
    `/:mandant${BACKOFFICE_FIGURES_PATHS.choices}`,
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags: ['backoffice'],
        summary: 'What the figures can be filtered by: channels, products and campaigns',
        description:
          "The share channels and every channel, product and campaign in the caller's rolled-up figures; products with their name from the catalogue (null when it no longer has them), campaigns with their title in the request's language (X-Accept-Language).",
        params: mandantParamsSchema,
        response: { 200: kennzahlenAuswahlSchema, ...errorResponses },
      },
    },
    async (request): Promise<KennzahlenAuswahl> => {
      const { mandantId } = backofficeOf(request);
      const language = requestLanguage(request);
      const rows = await db
        .selectFrom('figures_daily')
        .select(['channel', 'produkt_id'])
        .distinct()
        .where('mandant_id', '=', mandantId)
        .execute();
      const productName = productNameIn(app.productCatalogues.get(mandantId));
      const channels = new Set<string>([
        ...SHARE_CHANNELS,
        ...rows.map((row) => row.channel).filter(Boolean),
      ]);
      const products = [...new Set(rows.map((row) => row.produkt_id))].sort();
      const campaigns = app.recommendations.campaigns.get(mandantId) ?? [];
      const campaignIds = await knownCampaigns(mandantId);
      return {
        Kanaele: [...channels].sort(),
        Produkte: products.map((Id) => ({ Id, Name: productName(Id) })),
        Aktionen: campaignIds.sort().map((Id) => {
          const titles = campaigns.find((entry) => entry.AktionsId === Id)?.Titel ?? {};
          return { Id, Titel: titles[language] ?? titles.de ?? Object.values(titles)[0] ?? Id };
        }),
      };
    },
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get<{ Params: MandantParams; Querystring: ExportQuerystring }>(
      `/:mandant${BACKOFFICE_FIGURES_PATHS.export(format)}`,
      {
        onRequest: app.authenticateBackoffice('reports'),
        schema: {
          tags: ['backoffice'],
          summary: `The programme figures as ${format.toUpperCase()}`,
          description: `The figures of GET backoffice/kennzahlen with the same filters, as one table: tabelle=Zeitraum (default, one row per bucket with the payout runs), Kanal or Produkt. ${FILTER_TEXT} Money in euros; CSV cells that a spreadsheet would run as a formula start with '.`,
          params: mandantParamsSchema,
          querystring: {
            ...filterQuerystring,
            properties: {
              ...filterQuerystring.properties,
              tabelle: {
                type: 'string',
                enum: FIGURES_TABLES,
                description: 'Which table (default Zeitraum).',
              },
            },
          },
          response: {
            200: { type: 'string', format: 'binary', description: EXPORT_CONTENT_TYPES[format] },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { mandantId } = backofficeOf(request);
        const { tabelle = 'Zeitraum', ...query } = request.query;
        const figures = await answer(mandantId, query);
        const columns = figuresExportColumns(tabelle);
        const rows = (async function* chunk() {
          yield figuresExportRows(figures, tabelle);
        })();
        const body = format === 'csv' ? csvStream(columns, rows) : xlsxStream(columns, rows, 'Kennzahlen');
        body.on('error', (error) => request.log.error({ err: error }, 'figures export failed'));
        const name = `kennzahlen-${mandantId}-${tabelle.toLowerCase()}-${query.von}-${query.bis}.${format}`;
        return reply
          .type(EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(body);
      },
    );
  }
};
