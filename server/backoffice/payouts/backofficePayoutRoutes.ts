import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type AuszahlungslaufAnlegen,
  auszahlungGutschriftSchema,
  auszahlungPraemieSchema,
  auszahlungslaufSchema,
} from '../../../schemas/backofficePayouts.ts';
import { payoutRunSchema } from '../../../schemas/forms/payoutRun.ts';
import { type ReportQuery, reportPageSchema, reportQuerySchema } from '../../../schemas/reportQuery.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { PageBoundaryCache } from '../../reports/PageBoundaryCache.ts';
import { answerReport } from '../../reports/runReport.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { backofficeVoucherRoutes } from './backofficeVoucherRoutes.ts';
import { payoutRunReport, runCreditNotesReport, runRewardsReport } from './payoutReports.ts';
import { createRun, downloadSepa, findPayoutRun, markExecuted } from './payoutRunActions.ts';

interface RunParams extends MandantParams {
  id: string;
}

const runParamsSchema = {
  type: 'object',
  required: ['mandant', 'id'],
  properties: {
    mandant: { type: 'string', description: 'Mandant id (case-insensitive).' },
    id: { type: 'string', maxLength: 64, description: 'The payout run’s id.' },
  },
} as const;

const REPORT_ERRORS =
  'An OrderBy or Filter column the report does not have, or a Pagesize outside 1–100: 400 PSOF0013.';

/**
 * Payout runs in the back office (issue 15; server/backoffice/payouts/README.md): the list, a run's
 * rewards and its profi-seller credit notes (issue 16) for every role with `reports`; create, SEPA download and "executed" for `payouts` (finance),
 * each with its audit entry in the action's transaction. The services are the integration API's
 * (server/payouts/payoutRuns.ts); this module adds the staff, the audit log and its own error codes.
 */
export const backofficePayoutRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const deps = app.orderDeps;
  const runBoundaries = new PageBoundaryCache();
  const rewardBoundaries = new PageBoundaryCache();
  const creditNoteBoundaries = new PageBoundaryCache();
  const mandantOf = (request: FastifyRequest) =>
    requireMandant(app.mandants, backofficeOf(request).mandantId);

  app.put<{ Params: MandantParams; Body: ReportQuery }>(
    '/:mandant/backoffice/auszahlungen/laeufe/liste',
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags: ['backoffice'],
        summary: 'The payout runs: one page for a report query (newest first by default)',
        description: `Columns: Id, Status (created, executed), Ausfuehrungsdatum, SummeCent, Anzahl, Erstellt, ErstelltVon, Ausgefuehrt. ${REPORT_ERRORS}`,
        params: mandantParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(auszahlungslaufSchema), ...errorResponses },
      },
    },
    (request) =>
      answerReport(
        db,
        payoutRunReport,
        {
          mandantId: backofficeOf(request).mandantId,
          context: { mandantId: backofficeOf(request).mandantId },
          query: request.body,
        },
        runBoundaries,
      ),
  );

  app.post<{ Params: MandantParams; Body: AuszahlungslaufAnlegen }>(
    '/:mandant/backoffice/auszahlungen/laeufe',
    {
      onRequest: app.authenticateBackoffice('payouts'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create a payout run of every due cash reward (chosen, provided, with bank details)',
        description:
          'Ausfuehrungsdatum YYYY-MM-DD, today (Berlin) or later, else 422 PSOF0744. Nothing due: 409 PSOF0742. Writes the audit entry payoutRun.created.',
        params: mandantParamsSchema,
        body: bodySchemaOf(payoutRunSchema),
        response: { 201: auszahlungslaufSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const staff = backofficeOf(request);
      const run = await createRun(db, deps, mandantOf(request), staff, request.body.Ausfuehrungsdatum);
      return reply.code(201).send(run);
    },
  );

  app.get<{ Params: RunParams }>(
    '/:mandant/backoffice/auszahlungen/laeufe/:id',
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags: ['backoffice'],
        summary: 'One payout run: status, execution day, total and number of transfers',
        description:
          'SummeCent and Anzahl count every transfer of the run as it was made: its rewards (…/praemien) and its profi-seller credit notes (…/gutschriften). Unknown run or another mandant’s: 404 PSOF0740.',
        params: runParamsSchema,
        response: { 200: auszahlungslaufSchema, ...errorResponses },
      },
    },
    (request) => findPayoutRun(db, backofficeOf(request).mandantId, request.params.id),
  );

  app.put<{ Params: RunParams; Body: ReportQuery }>(
    '/:mandant/backoffice/auszahlungen/laeufe/:id/praemien',
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags: ['backoffice'],
        summary: 'The rewards of a payout run: one page for a report query',
        description: `Columns: Id, Empfaenger (recommender, recipient), Empfehlungsnummer, Kontoinhaber, IBAN (masked), WertCent, Status. The run's total and count: GET …/laeufe/{id}. Unknown run or another mandant’s: 404 PSOF0740. ${REPORT_ERRORS}`,
        params: runParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(auszahlungPraemieSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { mandantId } = backofficeOf(request);
      const run = await findPayoutRun(db, mandantId, request.params.id);
      return answerReport(
        db,
        runRewardsReport,
        { mandantId, context: { mandantId, runId: run.Id, cipher: deps.cipher }, query: request.body },
        rewardBoundaries,
      );
    },
  );

  app.put<{ Params: RunParams; Body: ReportQuery }>(
    '/:mandant/backoffice/auszahlungen/laeufe/:id/gutschriften',
    {
      onRequest: app.authenticateBackoffice('reports'),
      schema: {
        tags: ['backoffice'],
        summary: 'The profi-seller credit notes a payout run pays: one page for a report query',
        description: `Columns: Id, Nummer (GS-P-000001), Profinummer, Verkaeufer (as on the credit note), Monat (YYYY-MM), Kontoinhaber, IBAN (masked; null when the seller's bank data was deleted), BruttoCent (one transfer each), BezahltAm (null until the run is executed). The run's total and count (rewards and credit notes): GET …/laeufe/{id}. Unknown run or another mandant’s: 404 PSOF0740. ${REPORT_ERRORS}`,
        params: runParamsSchema,
        body: reportQuerySchema,
        response: { 200: reportPageSchema(auszahlungGutschriftSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { mandantId } = backofficeOf(request);
      const run = await findPayoutRun(db, mandantId, request.params.id);
      return answerReport(
        db,
        runCreditNotesReport,
        { mandantId, context: { mandantId, runId: run.Id, cipher: deps.cipher }, query: request.body },
        creditNoteBoundaries,
      );
    },
  );

  app.get<{ Params: RunParams }>(
    '/:mandant/backoffice/auszahlungen/laeufe/:id/sepa',
    {
      onRequest: app.authenticateBackoffice('payouts'),
      schema: {
        tags: ['backoffice'],
        summary: 'Download the run’s SEPA credit transfer file (pain.001.001.09), made on demand',
        description:
          'Every download is written to the audit log (payoutRun.sepaDownloaded). Unknown run or another mandant’s: 404 PSOF0740; no payout account in the programme or no transfer with bank details left: 409 PSOF0743.',
        params: runParamsSchema,
        response: {
          200: { type: 'string', description: 'application/xml; pain.001.001.09' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { run, xml } = await downloadSepa(
        db,
        deps,
        mandantOf(request),
        backofficeOf(request),
        request.params.id,
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="sepa-${run.Ausfuehrungsdatum}-${run.Id.slice(0, 8)}.xml"`,
        )
        .send(xml);
    },
  );

  app.post<{ Params: RunParams }>(
    '/:mandant/backoffice/auszahlungen/laeufe/:id/ausgefuehrt',
    {
      onRequest: app.authenticateBackoffice('payouts'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Mark a run executed by the bank: its rewards become Ausgezahlt, their recommendations Gezahlt',
        description:
          'Once: a run already executed (also by a call at the same moment) 409 PSOF0741. Unknown run or another mandant’s: 404 PSOF0740. Writes the audit entry payoutRun.executed.',
        params: runParamsSchema,
        response: { 200: auszahlungslaufSchema, ...errorResponses },
      },
    },
    async (request) => {
      const run = await markExecuted(db, deps, mandantOf(request), backofficeOf(request), request.params.id);
      app.mail.kick();
      app.webhooks.kick();
      return run;
    },
  );

  await app.register(backofficeVoucherRoutes);
};
