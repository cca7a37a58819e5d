import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { IntegrationEvent, IntegrationEventResponse } from '../../schemas/integration.ts';
import { ISO_DATE } from '../../schemas/integration.ts';
import { ApiProblem } from '../http/ApiProblem.ts';
import { errorResponses, mandantParamsSchema } from '../http/mandantParam.ts';
import { requestLanguage } from '../http/requestLanguage.ts';
import { toApiError } from '../http/toApiError.ts';
import { applyIntegrationEvent } from '../orders/applyIntegrationEvent.ts';
import { resolveReview } from '../orders/resolveReview.ts';
import { createPayoutRun, executePayoutRun, payoutRunFile, payoutRunSummary } from '../payouts/payoutRuns.ts';
import { importVoucherCodes, voucherStock } from '../vouchers/voucherPool.ts';
import { requestHash, runIdempotent, type StoredAnswer } from './idempotency.ts';
import { type IntegrationCaller, integrationAuth } from './integrationAuth.ts';
import { integrationEventSchema } from './integrationEventSchema.ts';
import {
  eventResponseSchema,
  importResponseSchema,
  payoutRunSchema,
  reviewBodySchema,
  voucherImportResponseSchema,
  voucherStockSchema,
} from './integrationSchemas.ts';
import { parseEventCsv } from './parseEventCsv.ts';

/** CSV imports of 100,000 rows are a few megabytes. */
const CSV_BODY_LIMIT = 32 * 1024 * 1024;

const security = [{ integrationKey: [] }];
const signedHeaders = {
  type: 'object',
  properties: {
    'x-api-key': { type: 'string', description: 'The id of one of the mandant’s integration keys.' },
    'idempotency-key': {
      type: 'string',
      description:
        'Required for writes: a replay within 24 h answers the first answer; another body → 409 PSOF0503.',
    },
    'webhook-timestamp': { type: 'string', description: 'Unix seconds; older than 300 s → 401 PSOF0501.' },
    'webhook-signature': {
      type: 'string',
      description:
        'v1,base64(HMAC-SHA256(secret, "{Idempotency-Key}.{timestamp}.{body}")) — Standard Webhooks.',
    },
  },
} as const;

function caller(request: FastifyRequest): IntegrationCaller {
  if (!request.integration) throw new ApiProblem('PSOF0500');
  return request.integration;
}

/**
 * The integration API for the client's CRM or shop (issue 13, docs/integration-api.md): signed, idempotent,
 * versioned under /api/v1. Orders, contracts, cancellations, "already a customer", the CSV import of the
 * same events, fraud reviews, payout runs with their SEPA file, and voucher pools.
 */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  // Signatures are over the exact bytes: keep the raw body in this plugin's scope only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.integrationRawBody = text;
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch {
      done(new ApiProblem('PSOF0013'), undefined);
    }
  });
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT },
    (request, body, done) => {
      const buffer = typeof body === 'string' ? Buffer.from(body) : body;
      // As the Standard Webhooks library reads a Buffer: UTF-8 (bytes that are not become U+FFFD on both sides).
      request.integrationRawBody = buffer.toString('utf8');
      done(null, buffer);
    },
  );
  app.decorateRequest('integration', null);
  app.decorateRequest('integrationRawBody', undefined);
  app.addHook('preValidation', integrationAuth(app));
  app.addSchema(integrationEventSchema);

  const db = app.database.kysely;
  const deps = app.orderDeps;

  /** Runs a write once per Idempotency-Key and answers (or replays) its answer. */
  async function once(
    request: FastifyRequest,
    reply: FastifyReply,
    work: Parameters<typeof runIdempotent>[2],
  ): Promise<unknown> {
    const { mandant, keyId, idempotencyKey, rawBody } = caller(request);
    if (!idempotencyKey) throw new ApiProblem('PSOF0502');
    const answer: StoredAnswer = await runIdempotent(
      db,
      {
        mandantId: mandant.id,
        key: `${keyId}:${idempotencyKey}`,
        hash: requestHash([
          request.method,
          request.routeOptions.url ?? '',
          JSON.stringify(request.params),
          rawBody,
        ]),
        now: deps.now(),
      },
      work,
      (problem) => {
        const { status, body } = toApiError(problem, requestLanguage(request));
        return { status, body };
      },
    );
    app.mail.kick();
    app.webhooks.kick();
    reply.code(answer.status);
    if (answer.status >= 400) reply.header('cache-control', 'no-store');
    return answer.body;
  }

  app.post<{ Params: { mandant: string }; Body: IntegrationEvent }>(
    '/:mandant/integration/events',
    {
      schema: {
        tags: ['integration'],
        summary:
          'Report an order event: order.placed, contract.concluded, order.cancelled, recipient.already_customer',
        description:
          'Unknown recommendation 404 PSOF0504, product not of the recommendation 422 PSOF0505, order date before the recommendation or in the future 422 PSOF0506, same order number with other data 409 PSOF0507, unknown order 404 PSOF0508, a step the status does not allow (cancel after payment, confirm after cancel) 409 PSOF0509, a second order for a recommendation 409 PSOF0510, missing fields 422 PSOF0514.',
        security,
        headers: signedHeaders,
        params: mandantParamsSchema,
        body: { $ref: 'IntegrationEvent#' },
        response: { 200: eventResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      once(request, reply, async (trx) => ({
        status: 200,
        body: await applyIntegrationEvent(trx, deps, caller(request).mandant, request.body, {
          source: 'api',
          actor: 'client_api',
        }),
      })),
  );

  app.post<{ Params: { mandant: string }; Body: Buffer }>(
    '/:mandant/integration/events/import',
    {
      schema: {
        tags: ['integration'],
        summary: 'Import order events as CSV (text/csv, UTF-8, ; or , separated, header row)',
        description:
          'Columns: Typ;Empfehlungsnummer;Empfehlungscode;Auftragsnummer;ProduktId;Auftragsdatum;Kanal;Bestandskunde;Grund. All rows or none: any bad row → 422 PSOF0511 with details[].pointer "/line/N" and the reason; wrong encoding, delimiter or columns → 415 PSOF0512.',
        security,
        headers: signedHeaders,
        params: mandantParamsSchema,
        response: { 200: importResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      once(request, reply, async (trx) => {
        const rows = parseEventCsv(request.body);
        const mandant = caller(request).mandant;
        const problems: { pointer: string; reason: string }[] = [];
        const results: IntegrationEventResponse[] = [];
        let index = 0;
        for (const row of rows) {
          index += 1;
          // A savepoint per row: a refused row is rolled back alone and reported; the file stays all or none.
          const savepoint = `row_${index}`;
          await sql.raw(`savepoint ${savepoint}`).execute(trx);
          try {
            results.push(
              await applyIntegrationEvent(trx, deps, mandant, row.event, {
                source: 'csv',
                actor: 'client_api',
              }),
            );
            await sql.raw(`release savepoint ${savepoint}`).execute(trx);
          } catch (error) {
            if (!(error instanceof ApiProblem)) throw error;
            await sql.raw(`rollback to savepoint ${savepoint}`).execute(trx);
            problems.push({ pointer: `/line/${row.line}`, reason: error.code });
            if (problems.length >= 1000) break;
          }
        }
        if (problems.length > 0) throw new ApiProblem('PSOF0511', problems);
        return { status: 200, body: { Zeilen: rows.length, Ergebnisse: countStatuses(results) } };
      }),
  );

  app.post<{
    Params: { mandant: string; auftragsnummer: string };
    Body: { Entscheidung: 'freigeben' | 'ablehnen'; Notiz?: string };
  }>(
    '/:mandant/integration/orders/:auftragsnummer/review',
    {
      schema: {
        tags: ['integration'],
        summary:
          'Resolve the fraud review of a flagged order: freigeben (release as usual) or ablehnen (Storniert)',
        description: 'Unknown order 404 PSOF0508; not waiting for a review 409 PSOF0513.',
        security,
        headers: signedHeaders,
        params: {
          type: 'object',
          required: ['mandant', 'auftragsnummer'],
          properties: { mandant: { type: 'string' }, auftragsnummer: { type: 'string', maxLength: 100 } },
        },
        body: reviewBodySchema,
        response: { 200: eventResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      once(request, reply, async (trx) => ({
        status: 200,
        body: await resolveReview(
          trx,
          deps,
          caller(request).mandant,
          request.params.auftragsnummer,
          request.body.Entscheidung,
          'client_api',
        ),
      })),
  );

  app.post<{ Params: { mandant: string }; Body: { Ausfuehrungsdatum: string } }>(
    '/:mandant/integration/payout-runs',
    {
      schema: {
        tags: ['integration'],
        summary: 'Create a payout run of every due cash reward (chosen, provided, with bank data)',
        description: 'Nothing due or no cash reward in the catalogue: 409 PSOF0509.',
        security,
        headers: signedHeaders,
        params: mandantParamsSchema,
        body: {
          type: 'object',
          required: ['Ausfuehrungsdatum'],
          additionalProperties: false,
          properties: { Ausfuehrungsdatum: { type: 'string', pattern: ISO_DATE.source } },
        },
        response: { 201: payoutRunSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      once(request, reply, async (trx) => ({
        status: 201,
        body: await createPayoutRun(trx, caller(request).mandant, {
          executionDate: request.body.Ausfuehrungsdatum,
          createdBy: `api:${caller(request).keyId}`,
        }),
      })),
  );

  app.get<{ Params: { mandant: string; id: string } }>(
    '/:mandant/integration/payout-runs/:id',
    {
      schema: {
        tags: ['integration'],
        summary: 'A payout run: status, total and number of transfers',
        security,
        headers: signedHeaders,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: { mandant: { type: 'string' }, id: { type: 'string' } },
        },
        response: { 200: payoutRunSchema, ...errorResponses },
      },
    },
    (request) => payoutRunSummary(db, caller(request).mandant.id, request.params.id),
  );

  app.get<{ Params: { mandant: string; id: string } }>(
    '/:mandant/integration/payout-runs/:id/sepa',
    {
      schema: {
        tags: ['integration'],
        summary: 'The run’s SEPA credit transfer file (pain.001.001.09), made on demand, never stored',
        security,
        headers: signedHeaders,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: { mandant: { type: 'string' }, id: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const { mandant, keyId } = caller(request);
      const xml = await payoutRunFile(db, deps, mandant, request.params.id);
      request.log.info({ mandant: mandant.id, run: request.params.id, key: keyId }, 'SEPA file downloaded');
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="payout-${request.params.id}.xml"`)
        .send(xml);
    },
  );

  app.post<{ Params: { mandant: string; id: string } }>(
    '/:mandant/integration/payout-runs/:id/executed',
    {
      schema: {
        tags: ['integration'],
        summary: 'The bank executed the run: its rewards become Ausgezahlt, their recommendations Gezahlt',
        description: 'Already executed: 409 PSOF0509.',
        security,
        headers: signedHeaders,
        params: {
          type: 'object',
          required: ['mandant', 'id'],
          properties: { mandant: { type: 'string' }, id: { type: 'string' } },
        },
        response: { 200: payoutRunSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      once(request, reply, async (trx) => ({
        status: 200,
        body: await executePayoutRun(trx, deps, caller(request).mandant, request.params.id, 'client_api'),
      })),
  );

  app.post<{ Params: { mandant: string }; Body: Buffer }>(
    '/:mandant/integration/vouchers/import',
    {
      schema: {
        tags: ['integration'],
        summary:
          'Import voucher codes (text/csv with the columns PraemieId;Code); each code is handed out once',
        description:
          'A PraemieId that is not a voucher of the catalogue, or a bad row: 422 PSOF0511 per line, nothing imported.',
        security,
        headers: signedHeaders,
        params: mandantParamsSchema,
        response: { 200: voucherImportResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      once(request, reply, async (trx) => ({
        status: 200,
        body: await importVoucherCodes(trx, caller(request).mandant, request.body),
      })),
  );

  app.get<{ Params: { mandant: string } }>(
    '/:mandant/integration/vouchers',
    {
      schema: {
        tags: ['integration'],
        summary: 'Voucher stock per reward: free and handed-out codes',
        security,
        headers: signedHeaders,
        params: mandantParamsSchema,
        response: { 200: voucherStockSchema, ...errorResponses },
      },
    },
    (request) => voucherStock(db, caller(request).mandant),
  );
};

function countStatuses(results: readonly IntegrationEventResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results)
    counts[result.Empfehlungsstatus] = (counts[result.Empfehlungsstatus] ?? 0) + 1;
  return counts;
}
