import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { parseProfiCreditNoteNumber } from '../../../domain/profiCreditNote.ts';
import { PROFI_STEUERSTATUS } from '../../../schemas/profi.ts';
import { ApiProblem } from '../../http/ApiProblem.ts';
import {
  errorResponses,
  type MandantParams,
  mandantParamsSchema,
  requireMandant,
} from '../../http/mandantParam.ts';
import { requestLanguage } from '../../http/requestLanguage.ts';
import { profiOf } from '../profiAuthPlugin.ts';
import { profiCreditNotePdfStream } from './profiCreditNotePdf.ts';
import {
  createDueProfiCreditNotes,
  listProfiCreditNotes,
  type ProfiCreditNoteDeps,
  readProfiCreditNote,
} from './profiCreditNotes.ts';

const bearer = [{ bearer: [] }];
const HOUR = 60 * 60 * 1000;

const ACCESS =
  'Access: a profi-seller of this mandant (a recommender token whose account has an active seller record; no token 401 PSOF0210, another kind 403 PSOF0202, no seller 403 PSOF0940); only the seller’s own credit notes.';

const gutschriftSchema = {
  type: 'object',
  description: 'schemas/profi.ts ProfiGutschrift.',
  required: [
    'Nummer',
    'Monat',
    'Rechnungsdatum',
    'Steuerstatus',
    'NettoCent',
    'UstSatzProzent',
    'UstCent',
    'BruttoCent',
    'Positionen',
    'Ausgezahlt',
  ],
  properties: {
    Nummer: { type: 'string', description: 'As printed, GS-P-000001; the PDF is gutschriften/{Nummer}.pdf.' },
    Monat: { type: 'string', description: 'The month billed, YYYY-MM.' },
    Rechnungsdatum: { type: 'string', description: 'YYYY-MM-DD.' },
    Steuerstatus: { type: 'string', enum: [...PROFI_STEUERSTATUS] },
    NettoCent: { type: 'integer' },
    UstSatzProzent: { type: 'number', description: '0 for a small business (§ 19 UStG), else 19.' },
    UstCent: { type: 'integer' },
    BruttoCent: { type: 'integer' },
    Positionen: { type: 'integer', description: 'Number of commission lines (orders).' },
    Ausgezahlt: { type: 'boolean', description: 'Paid through a payout run.' },
  },
} as const;

export function profiCreditNoteDeps(app: FastifyInstance): ProfiCreditNoteDeps {
  return {
    db: app.database.kysely,
    cipher: app.fieldCipher,
    catalogue: (mandantId) => app.productCatalogues.get(mandantId),
    now: () => app.config.clock.now(),
  };
}

/**
 * The seller's monthly credit notes (Gutschriften, server/profi/README.md): the list and one as PDF; and
 * the job `createProfiCreditNotes` that makes the notes of finished months (ADR 0014 sweep).
 */
export const profiCreditNoteRoutes: FastifyPluginAsync = async (app) => {
  const hook = app.authenticateProfi();

  app.get<{ Params: MandantParams }>(
    '/:mandant/profi/gutschriften',
    {
      onRequest: hook,
      schema: {
        tags: ['profi'],
        summary: 'The seller’s credit notes, newest first',
        description: ACCESS,
        security: bearer,
        params: mandantParamsSchema,
        response: { 200: { type: 'array', items: gutschriftSchema }, ...errorResponses },
      },
    },
    async (request) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      return listProfiCreditNotes(app.database.kysely, {
        mandantId: mandant.id,
        sellerId: profiOf(request).sellerId,
      });
    },
  );

  app.get<{ Params: MandantParams & { nummer: string } }>(
    '/:mandant/profi/gutschriften/:nummer.pdf',
    {
      onRequest: hook,
      schema: {
        tags: ['profi'],
        summary: 'One credit note as PDF (German; English with X-Accept-Language: en)',
        description: `${ACCESS} {nummer} as printed (GS-P-000001); a number the seller has no credit note of (another seller’s, none, not a number): 404 PSOF0963.`,
        security: bearer,
        params: {
          type: 'object',
          required: ['mandant', 'nummer'],
          properties: { ...mandantParamsSchema.properties, nummer: { type: 'string', maxLength: 20 } },
        },
        produces: ['application/pdf'],
        response: { 200: { description: 'The PDF.', type: 'string', format: 'binary' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mandant = requireMandant(app.mandants, request.params.mandant);
      const nummer = parseProfiCreditNoteNumber(request.params.nummer);
      if (nummer === null) throw new ApiProblem('PSOF0963');
      const note = await readProfiCreditNote(
        app.database.kysely,
        { mandantId: mandant.id, sellerId: profiOf(request).sellerId },
        nummer,
      );
      const pdf = await profiCreditNotePdfStream(note, requestLanguage(request));
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${note.Nummer}.pdf"`)
        .send(pdf);
    },
  );

  app.jobs.register({
    name: 'createProfiCreditNotes',
    intervalMs: 6 * HOUR,
    run: () => createProfiCreditNotesJob(app),
  });
};

/** The job's run: the notes of finished months; a failure of one seller fails the run after the others. */
export async function createProfiCreditNotesJob(app: FastifyInstance): Promise<number> {
  const { created, failed } = await createDueProfiCreditNotes(
    profiCreditNoteDeps(app),
    app.mandants.all(),
    app.log,
  );
  if (failed > 0) throw new Error(`${failed} profi credit note(s) failed, see the log`);
  return created;
}
