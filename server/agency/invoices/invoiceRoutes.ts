import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { berlinMonth, firstDayOf, invoiceNumber, previousMonth } from '../../../domain/invoice.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { agencyOf } from '../agencyAuthPlugin.ts';
import { invoicePdfStream } from './invoicePdf.ts';
import { createInvoice, type InvoiceDeps, listEntry, listInvoices, readInvoice } from './invoices.ts';

const bearer = [{ bearer: [] }];
const HOUR = 60 * 60 * 1000;

const invoiceSchema = {
  type: 'object',
  required: [
    'Nummer',
    'Rechnungsnummer',
    'Monat',
    'Rechnungsdatum',
    'Positionen',
    'NettoCent',
    'UstSatzPromille',
    'UstCent',
    'BruttoCent',
  ],
  properties: {
    Nummer: {
      type: 'integer',
      description: 'The agency’s sequential number; the PDF is rechnungen/{Nummer}.pdf.',
    },
    Rechnungsnummer: { type: 'string', description: 'As printed: GS-{Agenturnummer}-{00001}.' },
    Monat: { type: 'string', description: 'The month billed, YYYY-MM.' },
    Rechnungsdatum: { type: 'string', description: 'YYYY-MM-DD.' },
    Positionen: { type: 'integer', description: 'Number of commission lines (orders).' },
    NettoCent: { type: 'integer' },
    UstSatzPromille: { type: 'integer', description: '190 = 19 %.' },
    UstCent: { type: 'integer' },
    BruttoCent: { type: 'integer' },
  },
} as const;

const ACCESS =
  'Access: an agency token of the owner or inactive owner (ability invoices; SPEC 6: not the employee, 403 PSOF0600).';

export function invoiceDeps(app: FastifyInstance): InvoiceDeps {
  return {
    db: app.database.kysely,
    cipher: app.fieldCipher,
    catalogue: (mandantId) => app.productCatalogues.get(mandantId),
    now: () => app.config.clock.now(),
  };
}

/**
 * The agency's monthly commission credit notes (Gutschriften, § 14 UStG): the list, one as PDF, making
 * one of a finished month; and the job `createAgencyInvoices` that makes last month's for every agency.
 */
export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: MandantParams }>(
    '/:mandant/agentur/rechnungen',
    {
      onRequest: app.authenticateAgency('invoices'),
      schema: {
        tags: ['agency'],
        summary: 'The agency’s commission credit notes, newest first',
        description: ACCESS,
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: invoiceSchema }, ...errorResponses },
      },
    },
    async (request) => {
      requireMandant(app.mandants, request.params.mandant);
      return listInvoices(app.database.kysely, agencyOf(request));
    },
  );

  app.get<{ Params: MandantParams & { nummer: string } }>(
    '/:mandant/agentur/rechnungen/:nummer.pdf',
    {
      onRequest: app.authenticateAgency('invoices'),
      schema: {
        tags: ['agency'],
        summary: 'One credit note as PDF (German; English with X-Accept-Language: en)',
        description: `${ACCESS} A number the agency has no credit note of: 404 PSOF0601.`,
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'nummer'],
          properties: { ...mandantParamsSchema.properties, nummer: { type: 'string' } },
        },
        produces: ['application/pdf'],
        response: { 200: { description: 'The PDF.', type: 'string', format: 'binary' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      requireMandant(app.mandants, request.params.mandant);
      const nummer = /^[1-9][0-9]{0,8}$/.test(request.params.nummer) ? Number(request.params.nummer) : null;
      if (nummer === null) throw new ApiProblem('PSOF0601');
      const invoice = await readInvoice(app.database.kysely, agencyOf(request), nummer);
      const pdf = await invoicePdfStream(invoice, requestLanguage(request));
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${invoice.Rechnungsnummer}.pdf"`)
        .send(pdf);
    },
  );

  app.post<{ Params: MandantParams & { monat: string } }>(
    '/:mandant/agentur/rechnungen/:monat',
    {
      onRequest: app.authenticateAgency('invoices'),
      schema: {
        tags: ['agency'],
        summary: 'Make the credit note of a finished month (201), or answer the one made before (200)',
        description: `${ACCESS} Monat YYYY-MM (else 400 PSOF0013); the current or a future month: 409 PSOF0645; master data without address or tax number: 409 PSOF0646; no released orders with a commission: 409 PSOF0647; the mandant has no programme.company: 409 PSOF0648.`,
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'monat'],
          properties: {
            ...mandantParamsSchema.properties,
            monat: { type: 'string', pattern: '^[2-9][0-9]{3}-(0[1-9]|1[0-2])$' },
          },
        },
        response: { 200: invoiceSchema, 201: invoiceSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const agency = agencyOf(request);
      const { invoice, created } = await createInvoice(
        invoiceDeps(app),
        mandant,
        agency,
        request.params.monat,
      );
      if (created) {
        request.log.info(
          { mandant: mandant.id, agency: agency.agencyId, nummer: invoice.Nummer },
          'agency invoice created',
        );
      }
      return reply.code(created ? 201 : 200).send(listEntry(invoice));
    },
  );

  app.jobs.register({
    name: 'createAgencyInvoices',
    intervalMs: 6 * HOUR,
    run: () => createLastMonthsInvoices(app),
  });
};

/**
 * The job: last month's credit note for every agency of every mandant with `programme.company` that has
 * none yet. Agencies without released commissions or with incomplete master data are skipped (their owner
 * sees why when making it by hand); an agency whose invoice fails is logged and the others still get
 * theirs, and the run then fails (the scheduler logs it). Safe in several instances at once: createInvoice
 * holds the agency's row and a made invoice is answered, not made again.
 */
export async function createLastMonthsInvoices(app: FastifyInstance): Promise<number> {
  const deps = invoiceDeps(app);
  const month = previousMonth(berlinMonth(deps.now()));
  let created = 0;
  let failed = 0;
  for (const mandant of app.mandants.all()) {
    if (!mandant.config.programme?.company) continue;
    const agencies = await deps.db
      .selectFrom('agency')
      .select(['id', 'agenturnummer'])
      .where('mandant_id', '=', mandant.id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('agency_invoice')
              .select('agency_invoice.id')
              .whereRef('agency_invoice.agency_id', '=', 'agency.id')
              .where('agency_invoice.monat', '=', sql<Date>`${firstDayOf(month)}::date`),
          ),
        ),
      )
      .execute();
    for (const agency of agencies) {
      try {
        const result = await createInvoice(
          deps,
          mandant,
          { mandantId: mandant.id, agencyId: agency.id },
          month,
        );
        if (result.created) {
          created += 1;
          app.log.info(
            { mandant: mandant.id, rechnung: invoiceNumber(agency.agenturnummer, result.invoice.Nummer) },
            'agency invoice created',
          );
        }
      } catch (error) {
        if (error instanceof ApiProblem && (error.code === 'PSOF0646' || error.code === 'PSOF0647')) continue;
        // One agency's failure does not hold up the others; the next run tries it again.
        failed += 1;
        app.log.error(
          { mandant: mandant.id, agency: agency.id, err: error instanceof Error ? error.name : 'unknown' },
          'agency invoice failed',
        );
      }
    }
  }
  if (failed > 0) throw new Error(`${failed} agency invoice(s) failed, see the log`);
  return created;
}
