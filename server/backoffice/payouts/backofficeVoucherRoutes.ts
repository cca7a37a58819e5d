import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { gutscheinPoolSchema } from '../../../schemas/backofficePayouts.ts';
import { voucherThresholdSchema } from '../../../schemas/forms/voucherThreshold.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import { bodySchemaOf } from '../../http/formBodySchema.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { backofficeOf } from '../backofficeAuthPlugin.ts';
import { checkLowStock, importCodes, setThreshold, voucherPools } from './voucherPools.ts';

/** Voucher files of 100,000 codes are a few megabytes. */
const CSV_BODY_LIMIT = 16 * 1024 * 1024;
const MINUTE = 60_000;

const poolListSchema = {
  type: 'object',
  required: ['Pools'],
  properties: { Pools: { type: 'array', items: gutscheinPoolSchema } },
} as const;

/**
 * Voucher pools in the back office (issue 15, ability `vouchers`): stock per pool, the CSV import of the
 * integration API (server/vouchers/voucherPool.ts) and a low-stock threshold per pool whose fall mails the
 * finance staff once (voucherPools.ts checkLowStock, also run every 5 minutes after voucher delivery).
 */
export const backofficeVoucherRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.kysely;
  const deps = app.orderDeps;
  const mandantOf = (request: FastifyRequest) =>
    requireMandant(app.mandants, backofficeOf(request).mandantId);

  // In this plugin's scope only: the upload is the CSV file's bytes.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.jobs.register({
    name: 'voucherStockAlerts',
    intervalMs: 5 * MINUTE,
    run: async () => {
      let reported = 0;
      for (const mandant of app.mandants.all()) reported += await checkLowStock(db, deps, mandant);
      if (reported > 0) app.mail.kick();
      return reported;
    },
  });

  app.get<{ Params: MandantParams }>(
    '/:mandant/backoffice/gutscheine',
    {
      onRequest: app.authenticateBackoffice('vouchers'),
      schema: {
        tags: ['backoffice'],
        summary: 'Voucher pools: free and handed-out codes, threshold and low-stock state per pool',
        description:
          'One pool per voucher entry of the reward catalogue. Schwelle is the pool’s own threshold or the programme’s voucherLowStock (SchwelleStandard); Niedrig: fewer free codes than that; Gemeldet: when finance was mailed.',
        params: mandantParamsSchema,
        response: { 200: poolListSchema, ...errorResponses },
      },
    },
    async (request) => ({ Pools: await voucherPools(db, mandantOf(request), requestLanguage(request)) }),
  );

  app.post<{ Params: MandantParams; Body: Buffer }>(
    '/:mandant/backoffice/gutscheine/import',
    {
      onRequest: app.authenticateBackoffice('vouchers'),
      schema: {
        tags: ['backoffice'],
        summary: 'Import voucher codes (text/csv, UTF-8, columns PraemieId;Code); all rows or none',
        description:
          'Bad rows (a PraemieId that is not a voucher of the catalogue, a code that is not 4–64 printable characters): 422 PSOF0746 with details[] "/line/N/PraemieId" or "/line/N/Code" and the reason, nothing imported. Not UTF-8, not CSV or other columns: 415 PSOF0747. A code already in the pool is counted as Doppelt. Writes the audit entry voucherPool.imported; a refill ends a pool’s low-stock alert.',
        params: mandantParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['Importiert', 'Doppelt', 'Pools'],
            properties: {
              Importiert: { type: 'integer' },
              Doppelt: { type: 'integer' },
              Pools: poolListSchema.properties.Pools,
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new ApiProblem('PSOF0747');
      const result = await importCodes(
        db,
        deps,
        mandantOf(request),
        backofficeOf(request),
        request.body,
        requestLanguage(request),
      );
      app.mail.kick();
      return result;
    },
  );

  app.put<{
    Params: MandantParams & { praemieId: string };
    Querystring: { Stand?: string };
    Body: { Schwelle: string };
  }>(
    '/:mandant/backoffice/gutscheine/:praemieId/schwelle',
    {
      onRequest: app.authenticateBackoffice('vouchers'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set a pool’s low-stock threshold (whole codes, 0 turns the alert off)',
        description:
          'Stand: the pool’s Stand as read (GET backoffice/gutscheine; empty for a pool never set); the pool changed since: 409 PSOF0705. A PraemieId that is not a voucher of the catalogue: 404 PSOF0745. Writes the audit entry voucherPool.thresholdChanged and checks the pool at once (a pool now below its threshold mails finance once).',
        params: {
          type: 'object',
          required: ['mandant', 'praemieId'],
          properties: {
            mandant: { type: 'string', description: 'Mandant id (case-insensitive).' },
            praemieId: { type: 'string', maxLength: 100 },
          },
        },
        querystring: {
          type: 'object',
          properties: { Stand: { type: 'string', maxLength: 40 } },
        },
        body: bodySchemaOf(voucherThresholdSchema),
        response: { 200: gutscheinPoolSchema, ...errorResponses },
      },
    },
    async (request) => {
      const pool = await setThreshold(
        db,
        deps,
        mandantOf(request),
        backofficeOf(request),
        request.params.praemieId,
        Number(request.body.Schwelle.trim()),
        requestLanguage(request),
        request.query.Stand === undefined ? undefined : request.query.Stand || null,
      );
      app.mail.kick();
      return pool;
    },
  );
};
